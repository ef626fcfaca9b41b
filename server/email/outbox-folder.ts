import { randomBytes } from "node:crypto";
import { mkdir, readdir, readFile, rename, writeFile } from "node:fs/promises";
import path from "node:path";
import { z } from "zod";

/**
 * The development outbox: each mail is a complete `.eml` file (open it in any mail client) plus a
 * `.json` sidecar with the headers and both parts, so the dev page needs no MIME parser.
 *
 * Names are `20250101T120000000Z-<12 hex>.eml`: sortable by time, and the only names the dev page
 * accepts, which rules out path traversal by construction.
 */
export const outboxFileNamePattern = /^\d{8}T\d{9}Z-[0-9a-f]{12}\.eml$/;

const entrySchema = z.object({
  file: z.string().regex(outboxFileNamePattern),
  date: z.iso.datetime(),
  from: z.string(),
  to: z.string(),
  subject: z.string(),
  replyTo: z.string().optional(),
  html: z.string(),
  text: z.string(),
  /** Names and sizes only; the files themselves are in the .eml. */
  attachments: z.array(z.object({ filename: z.string(), contentType: z.string(), size: z.number().int() })).optional(),
});

export type OutboxEntry = z.infer<typeof entrySchema>;
export type OutboxSummary = Omit<OutboxEntry, "html" | "text">;

export function isOutboxFileName(name: string): boolean {
  return outboxFileNamePattern.test(name);
}

function sidecarName(file: string): string {
  return file.replace(/\.eml$/, ".json");
}

/** Resolves a validated name inside the folder; the containment check is a second line of defence. */
function resolveInside(outboxDir: string, name: string): string {
  const root = path.resolve(outboxDir);
  const resolved = path.resolve(root, name);
  if (path.dirname(resolved) !== root) throw new Error(`Refusing a path outside the outbox: ${name}`);
  return resolved;
}

export async function writeOutboxEntry(
  outboxDir: string,
  input: {
    date: Date;
    from: string;
    to: string;
    subject: string;
    replyTo?: string | undefined;
    html: string;
    text: string;
    eml: Buffer;
    attachments?: { filename: string; contentType: string; size: number }[];
  },
): Promise<OutboxEntry> {
  const stamp = input.date.toISOString().replace(/[-:.]/g, "");
  const file = `${stamp}-${randomBytes(6).toString("hex")}.eml`;
  const entry: OutboxEntry = {
    file,
    date: input.date.toISOString(),
    from: input.from,
    to: input.to,
    subject: input.subject,
    ...(input.replyTo ? { replyTo: input.replyTo } : {}),
    html: input.html,
    text: input.text,
    ...(input.attachments?.length ? { attachments: input.attachments } : {}),
  };
  // The sidecar is written last: the list reads sidecars, so it never shows a mail whose .eml is missing.
  await writeCreatingFolder(outboxDir, resolveInside(outboxDir, file), input.eml);
  // Written aside and renamed: readers of the folder never see half a file.
  const sidecar = resolveInside(outboxDir, sidecarName(file));
  await writeFile(`${sidecar}.partial`, JSON.stringify(entry, null, 2));
  await rename(`${sidecar}.partial`, sidecar);
  return entry;
}

/**
 * Writes `file`, making the folder first only when it is missing: a `mkdir` before every mail cost
 * more than writing the mail (a sale rush writes thousands a minute). A folder removed while the
 * site runs is made again on the next mail.
 */
async function writeCreatingFolder(outboxDir: string, file: string, bytes: Buffer): Promise<void> {
  try {
    await writeFile(file, bytes);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== "ENOENT") throw error;
    await mkdir(outboxDir, { recursive: true });
    await writeFile(file, bytes);
  }
}

/** Newest first, at most `limit`; an absent folder is an empty outbox. Unreadable sidecars are skipped. */
export async function listOutboxEntries(outboxDir: string, limit = 200): Promise<OutboxSummary[]> {
  let names: string[];
  try {
    names = await readdir(outboxDir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return [];
    throw error;
  }
  const files = names
    .filter((name) => name.endsWith(".json"))
    .map((name) => name.replace(/\.json$/, ".eml"))
    .filter(isOutboxFileName)
    .sort()
    .reverse()
    .slice(0, limit);
  const entries = await Promise.all(files.map((file) => readOutboxEntry(outboxDir, file)));
  return entries.filter((entry) => entry !== null).map(({ html: _html, text: _text, ...summary }) => summary);
}

export async function readOutboxEntry(outboxDir: string, file: string): Promise<OutboxEntry | null> {
  if (!isOutboxFileName(file)) return null;
  try {
    const parsed = entrySchema.safeParse(JSON.parse(await readFile(resolveInside(outboxDir, sidecarName(file)), "utf8")));
    return parsed.success && parsed.data.file === file ? parsed.data : null;
  } catch {
    return null;
  }
}

export async function readOutboxEml(outboxDir: string, file: string): Promise<Buffer | null> {
  if (!isOutboxFileName(file)) return null;
  try {
    return await readFile(resolveInside(outboxDir, file));
  } catch {
    return null;
  }
}
