// Over 400 lines: one upload's life (streamed receive, its checks, the hand-over to the store and the one transaction) reads best in one place.
import { randomUUID } from "node:crypto";
import { mkdir, open, rm } from "node:fs/promises";
import path from "node:path";
import type { Readable } from "node:stream";
import { and, eq, ne, sql } from "drizzle-orm";
import type { FieldErrors } from "../../core/contracts/errors";
import { uploadItemOptionsSchema, type UploadItemOptions, type UploadView } from "../../core/contracts/uploads";
import { isCompletableLater } from "../../core/forms/kinds";
import { translatorFor } from "../../core/i18n/i18n";
import type { Locale } from "../../core/i18n/locales";
import { anonymousActor, type Actor } from "../../core/domain/permissions";
import { withBookingToken } from "../auth/authorize";
import { authorizedBooking } from "../bookings/authorized-booking";
import type { Database, Queryable } from "../db/client";
import { bookingFormDefinition, definitionItems } from "../db/form-versions";
import { bookingEvents, bookings, uploads } from "../db/schema";
import { AppError, type ApiMessageKey } from "../errors";
import type { FileStore } from "../deps/file-store";
import { openMultipartBody } from "./multipart-body";
import { isVideoType, sniffLength, sniffMediaType, type SniffedMediaType } from "./sniff-media-type";
import { videoDurationMs } from "./video-duration";

/** No item may allow more than this, whatever its options say. */
export const maximumUploadBytes = 100 * 1024 * 1024;
/** Room for the multipart framing and the two small fields around the file in a request's Content-Length. */
const multipartOverheadBytes = 128 * 1024;
/** Recorders stop a few frames after the limit: a "30-second" clip is often 30.0x s long. */
const videoLengthToleranceMs = 500;
/** An upload that sends nothing for this long is cut off (Node's own limit, requestTimeout, is 300 s). */
export const defaultUploadIdleTimeoutMs = 30_000;
/**
 * The files one draft may hold together, as a multiple of its form's largest allowed file: enough to
 * fill every field of a real form, not enough to make a draft a file store (decision 012).
 */
const draftBudgetPerLargestFile = 3;
/** After a refusal the rest of the body is read and dropped for a moment, so the client gets to read the answer. */
const discardAfterRefusal = { ms: 1000, bytes: 16 * 1024 * 1024 };

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const uploadKinds: ReadonlySet<string> = new Set(["upload", "file"]);

const typeLabels: Record<string, string> = {
  "application/pdf": "PDF",
  "image/jpeg": "JPG",
  "image/png": "PNG",
  "video/mp4": "MP4",
  "video/quicktime": "MOV",
  "video/webm": "WebM",
};

/**
 * The booking an upload goes to, as the caller's authority finds it: locked for update when asked.
 * `afterCheckout`: a submitted booking, whose items take a file only when they may be completed later.
 */
/** `formVersionId`: the version a submitted booking was made on (a draft follows the latest; decision 036). */
export type UploadBooking = { id: string; formId: string; formVersionId: string | null; status: string; afterCheckout: boolean };
export type UploadBookingOpener = (db: Queryable, input: { lock: boolean }) => Promise<UploadBooking>;

/**
 * Whose file it is: a draft's, by the token of the browser's booking cookie (a `booking_token` field
 * in the body wins over it), or a submitted booking's, opened by "manage my booking" (decision 023)
 * with an opener that checks the link, the permission and the later-details deadline.
 */
export type UploadAuthority = { kind: "draft"; bookingId: string; bookingToken?: string | undefined } | { kind: "after-checkout"; open: UploadBookingOpener };

export type StoreUploadInput = {
  booking: UploadAuthority;
  /** The multipart request body, read as it arrives. */
  stream: ReadableStream<Uint8Array>;
  /** The request's Content-Type header (with the multipart boundary). */
  contentType: string;
  /** The request's Content-Length when it sent one: a body that cannot fit is refused before it is read. */
  contentLength?: number | undefined;
  /** Where the file goes once it passed (`<DATA_DIR>/uploads` or the S3 bucket; decision 049). */
  files: FileStore;
  locale: Locale;
  now: Date;
  /** Cut off after this long without a byte (default `defaultUploadIdleTimeoutMs`). */
  idleTimeoutMs?: number | undefined;
  /** The most bytes a draft's files may add up to; default: three times its form's largest allowed file. */
  bytesPerDraft?: number | undefined;
};

type Target = {
  bookingId: string;
  formId: string;
  formVersionId: string | null;
  status: string;
  afterCheckout: boolean;
  open: UploadBookingOpener;
  itemId: string;
  options: UploadItemOptions;
};

/** How many bytes the draft's other items' files hold (this item's file is replaced), and its budget. */
type Budget = { heldByOthers: number; limit: number };

type Received = { target: Target; fileName: string; sizeBytes: number; mediaType: SniffedMediaType };

/**
 * Stores the `file` of a multipart upload for one upload or file item of a draft booking (spec §7
 * `POST api/booking/{uuid}/upload`), or after checkout for one that may be completed later (decision
 * 023), and makes the upload's uuid the booking's answer for that item.
 *
 * The body is parsed as a stream and written to a randomly named local file (the store's scratch
 * folder); the size limit stops it as soon as it is passed, the type is told by the file's bytes
 * (never its name or the client's Content-Type), a video's length is read from its headers. Only a
 * file that passed is handed to the store (decision 049), so a refusal leaves nothing there. The
 * database changes in one transaction only when everything passed; on any failure the file is
 * deleted again. A replaced upload's row and file are removed.
 */
export async function storeBookingUpload(db: Database, input: StoreUploadInput): Promise<UploadView> {
  const { files } = input;
  await mkdir(files.scratchDir, { recursive: true, mode: 0o700 });
  const storageKey = randomUUID();
  const partialPath = path.join(files.scratchDir, `${storageKey}.part`);
  let stored = false;
  try {
    const received = await receiveUpload(db, input, partialPath);
    const { target } = received;
    const isVideo = isVideoType(received.mediaType);
    const durationMs = isVideo ? await videoDurationMs(partialPath, received.mediaType) : null;
    const maxVideoSeconds = target.options.maxVideoSeconds;
    if (maxVideoSeconds !== undefined && isVideo) {
      if (durationMs === null) throw itemError("VALIDATION_FAILED", "uploadLengthUnknown", target.itemId, input.locale);
      if (durationMs > maxVideoSeconds * 1000 + videoLengthToleranceMs) {
        throw itemError("VALIDATION_FAILED", "uploadTooLong", target.itemId, input.locale, { seconds: formatNumber(maxVideoSeconds, input.locale) });
      }
    }
    await files.moveIn(storageKey, partialPath);
    stored = true;
    const { row, replaced } = await db.transaction(async (tx) => {
      // Locked: a page save or a submission racing this upload waits, then sees it (or it sees them).
      const current = await findTarget(tx, { open: target.open, itemId: target.itemId, lock: true, locale: input.locale });
      // Again under the booking's lock: two uploads to different fields may have raced each other.
      const budget = await budgetOf(tx, current, input.bytesPerDraft);
      if (budget.heldByOthers + received.sizeBytes > budget.limit) throw overBudget(current, budget, input.locale);
      const replaced = await tx
        .delete(uploads)
        .where(and(eq(uploads.bookingId, current.bookingId), eq(uploads.itemId, current.itemId)))
        .returning({ storageKey: uploads.storageKey });
      const [row] = await tx
        .insert(uploads)
        .values({
          bookingId: current.bookingId,
          itemId: current.itemId,
          storageKey,
          originalName: received.fileName,
          mediaType: received.mediaType,
          sizeBytes: received.sizeBytes,
          durationMs,
          createdAt: input.now,
        })
        .returning();
      if (!row) throw new Error("upload insert returned nothing");
      const answer = sql`${bookings.answers} || ${JSON.stringify({ [current.itemId]: row.id })}::jsonb`;
      if (current.afterCheckout) {
        await tx
          .update(bookings)
          .set({ answers: answer, updatedAt: input.now })
          .where(and(eq(bookings.id, current.bookingId), ne(bookings.status, "draft")));
        await tx.insert(bookingEvents).values({
          bookingId: current.bookingId,
          fromStatus: current.status,
          toStatus: current.status,
          cause: "later details completed on the manage page",
          details: { action: "later_upload_stored", items: [current.itemId], upload: row.id, replaced: replaced.length > 0 },
          at: input.now,
        });
      } else {
        await tx
          .update(bookings)
          .set({ answers: answer, updatedAt: input.now })
          .where(and(eq(bookings.id, current.bookingId), eq(bookings.status, "draft")));
      }
      return { row, replaced };
    });
    // Only after the commit: had it failed, the old upload would still be the answer. A store that
    // fails here (S3 unreachable) leaves an unreferenced file, never a refusal of the upload that was kept.
    for (const old of replaced) await files.remove(old.storageKey).catch(() => undefined);
    return toUploadView(row);
  } catch (error) {
    // The local part goes whatever happened (a put is whole or nothing); a stored file whose row did
    // not commit goes too. Failing to remove it must not hide the refusal the visitor is owed.
    await rm(partialPath, { force: true });
    if (stored) await files.remove(storageKey).catch(() => undefined);
    throw error;
  }
}

/** A draft booking by its token, locked when asked; otherwise the matching refusal. */
function draftOpener(bookingId: string, actor: Actor): UploadBookingOpener {
  return async (db, { lock }) => {
    const found = await authorizedBooking(db, actor, "booking.edit", { bookingId });
    const [booking] = lock
      ? await db
          .select({ id: bookings.id, formId: bookings.formId, formVersionId: bookings.formVersionId, status: bookings.status })
          .from(bookings)
          .where(eq(bookings.id, found.id))
          .for("update")
          .limit(1)
      : [found];
    if (!booking) throw new AppError("NOT_FOUND", "bookingNotFound");
    if (booking.status !== "draft") throw new AppError("CONFLICT", "bookingSubmitted");
    return { id: booking.id, formId: booking.formId, formVersionId: booking.formVersionId, status: booking.status, afterCheckout: false };
  };
}

/**
 * The booking as its opener finds it, and one of its form's upload or file items (after checkout:
 * one that may be completed later); otherwise the matching refusal.
 */
async function findTarget(db: Queryable, input: { open: UploadBookingOpener; itemId: string | undefined; lock: boolean; locale: Locale }): Promise<Target> {
  const booking = await input.open(db, { lock: input.lock });
  const t = translatorFor(input.locale);
  if (!input.itemId || !uuidPattern.test(input.itemId)) {
    throw new AppError("VALIDATION_FAILED", "invalidRequest", { fieldErrors: { item_uuid: [t("validation.required")] } });
  }
  const definition = await bookingFormDefinition(db, booking);
  const found = definitionItems(definition).find((candidate) => candidate.uuid === input.itemId && uploadKinds.has(candidate.kind));
  const item = found ? { id: found.uuid, options: found.options } : undefined;
  if (!item) throw new AppError("VALIDATION_FAILED", "uploadItemUnknown", { fieldErrors: { item_uuid: [t("api.uploadItemUnknown")] } });
  if (booking.afterCheckout && !isCompletableLater(item)) {
    throw new AppError("VALIDATION_FAILED", "laterDetailsNotAllowed", { fieldErrors: { [item.id]: [t("api.laterDetailsNotAllowed")] } });
  }
  // A misconfigured item is the operator's fault: a 500 in the log, not a visitor's error.
  const options = uploadItemOptionsSchema.parse(item.options);
  return {
    bookingId: booking.id,
    formId: booking.formId,
    formVersionId: booking.formVersionId,
    status: booking.status,
    afterCheckout: booking.afterCheckout,
    open: input.open,
    itemId: item.id,
    options,
  };
}

/** A refusal whose message is also the item's field error, so the form shows it under the field. */
function itemError(code: "VALIDATION_FAILED" | "PAYLOAD_TOO_LARGE", key: ApiMessageKey, itemId: string, locale: Locale, params: Record<string, string> = {}) {
  const fieldErrors: FieldErrors = { [itemId]: [new AppError(code, key, { params }).toResponse(locale).message] };
  return new AppError(code, key, { fieldErrors, params });
}

function formatNumber(value: number, locale: Locale): string {
  return new Intl.NumberFormat(locale, { maximumFractionDigits: 1 }).format(value);
}

function tooLarge(target: Target, limit: number, locale: Locale): AppError {
  return itemError("PAYLOAD_TOO_LARGE", "uploadTooLarge", target.itemId, locale, { megabytes: formatNumber(limit / (1024 * 1024), locale) });
}

function overBudget(target: Target, budget: Budget, locale: Locale): AppError {
  const megabytes = budget.limit / (1024 * 1024);
  // Two significant digits below 1 MB, so a small budget never reads "0 MB".
  const format = new Intl.NumberFormat(locale, megabytes < 1 ? { maximumSignificantDigits: 2 } : { maximumFractionDigits: 1 });
  return itemError("PAYLOAD_TOO_LARGE", "uploadBudgetExceeded", target.itemId, locale, { megabytes: format.format(megabytes) });
}

/** The draft's files on the other items, and the most its files may add up to. */
async function budgetOf(db: Queryable, target: Target, bytesPerDraft: number | undefined): Promise<Budget> {
  const [held] = await db
    .select({ bytes: sql<string | number | null>`sum(${uploads.sizeBytes})` })
    .from(uploads)
    .where(and(eq(uploads.bookingId, target.bookingId), ne(uploads.itemId, target.itemId)));
  let limit = bytesPerDraft;
  if (limit === undefined) {
    const items = definitionItems(
      await bookingFormDefinition(db, { formId: target.formId, formVersionId: target.formVersionId, status: target.status }),
    ).filter((item) => uploadKinds.has(item.kind));
    const largest = Math.max(0, ...items.map((item) => Math.min(uploadItemOptionsSchema.parse(item.options).maxBytes, maximumUploadBytes)));
    limit = draftBudgetPerLargestFile * largest;
  }
  return { heldByOthers: Number(held?.bytes ?? 0), limit };
}

function wrongType(target: Target, locale: Locale): AppError {
  const labels = [...new Set(target.options.accept.map((type) => typeLabels[type] ?? type))];
  const types = new Intl.ListFormat(locale, { type: "disjunction" }).format(labels);
  return itemError("VALIDATION_FAILED", "uploadWrongType", target.itemId, locale, { types });
}

/** The name from the visitor's device, kept only to show it back: no path, no control or direction characters, at most 200 characters. */
export function cleanFileName(name: string | undefined): string {
  const base = (name ?? "").normalize("NFC").split(/[\\/]/).pop() ?? "";
  const cleaned = base
    .replace(/[\p{Cc}\p{Cf}\p{Zl}\p{Zp}]/gu, "")
    .replace(/\s+/g, " ")
    .trim();
  return [...cleaned].slice(0, 200).join("") || "upload";
}

/**
 * Parses the multipart body as it streams in: the fields first, then the file part, written to
 * `filePath` while its bytes are counted and its first bytes sniffed. Resolves when the whole body
 * has been read and the file is on disk.
 */
async function receiveUpload(db: Database, input: StoreUploadInput, filePath: string): Promise<Received> {
  const body = openMultipartBody({
    stream: input.stream,
    contentType: input.contentType,
    limits: { fields: 4, fieldSize: 1024, fieldNameSize: 100, files: 1, parts: 5, headerPairs: 20, fileSize: maximumUploadBytes + 1 },
  });
  const { parser, source } = body;
  const fields = new Map<string, string>();
  let filePart: Promise<Received> | undefined;
  let fileStream: Readable | undefined;
  // A client that stops sending is cut off: the connection is closed, the partial file removed.
  const stalled = () => {
    body.fail(new AppError("BAD_REQUEST", "uploadStalled"));
    source.destroy();
  };
  const idleTimer = setTimeout(stalled, input.idleTimeoutMs ?? defaultUploadIdleTimeoutMs);
  source.on("data", () => idleTimer.refresh());
  parser.on("field", (name, value) => {
    if (filePart) return body.malformed();
    fields.set(name, value);
  });
  parser.on("file", (name, file, info) => {
    // Its errors reach us through reading it; unread (refused before), destroying the parser errors it unheard.
    file.on("error", () => undefined);
    if (name !== "file" || filePart) {
      file.resume();
      return body.malformed();
    }
    fileStream = file;
    filePart = receiveFilePart(db, input, fields, file, cleanFileName(info.filename), filePath);
    filePart.catch(body.fail);
  });
  body.start();
  try {
    await body.parsed;
    clearTimeout(idleTimer);
    if (!filePart) {
      // Booking and item first, so that a request without a file says no more than one with it.
      const target = await findTarget(db, { ...targetOf(input, fields), lock: false });
      throw itemError("VALIDATION_FAILED", "uploadFileMissing", target.itemId, input.locale);
    }
    return await filePart;
  } catch (error) {
    clearTimeout(idleTimer);
    body.stop();
    // A file part still waiting for bytes would wait forever: ending it lets its file be closed.
    fileStream?.destroy();
    // The file must be closed before the caller deletes it.
    await filePart?.catch(() => undefined);
    discardRest(source);
    // A refusal found while writing the file is the reason; the parser only noticed it afterwards.
    if (filePart && !AppError.is(error)) await filePart;
    throw error;
  }
}

/** What the fields name: the item, and the booking by the caller's authority (after checkout) or the booking token of the body, else the cookie's. */
function targetOf(input: StoreUploadInput, fields: Map<string, string>) {
  const itemId = fields.get("item_uuid");
  const { booking } = input;
  if (booking.kind === "after-checkout") return { open: booking.open, itemId, locale: input.locale };
  const token = fields.get("booking_token") || booking.bookingToken;
  if (!token) throw new AppError("NOT_FOUND", "bookingNotFound");
  return { open: draftOpener(booking.bookingId, withBookingToken(anonymousActor, token)), itemId, locale: input.locale };
}

async function receiveFilePart(
  db: Database,
  input: StoreUploadInput,
  fields: Map<string, string>,
  file: Readable,
  fileName: string,
  filePath: string,
): Promise<Received> {
  const target = await findTarget(db, { ...targetOf(input, fields), lock: false });
  const limit = Math.min(target.options.maxBytes, maximumUploadBytes);
  const budget = await budgetOf(db, target, input.bytesPerDraft);
  const room = budget.limit - budget.heldByOthers;
  if (input.contentLength !== undefined && input.contentLength > limit + multipartOverheadBytes) throw tooLarge(target, limit, input.locale);
  if (input.contentLength !== undefined && input.contentLength > room + multipartOverheadBytes) throw overBudget(target, budget, input.locale);
  const handle = await open(filePath, "wx", 0o600);
  try {
    let sizeBytes = 0;
    let head = Buffer.alloc(0);
    let mediaType: SniffedMediaType | undefined;
    const acceptedType = async (): Promise<SniffedMediaType> => {
      const sniffed = await sniffMediaType(head);
      if (!sniffed || !target.options.accept.includes(sniffed)) throw wrongType(target, input.locale);
      return sniffed;
    };
    for await (const chunk of file as AsyncIterable<Buffer>) {
      sizeBytes += chunk.length;
      if (sizeBytes > limit) throw tooLarge(target, limit, input.locale);
      if (sizeBytes > room) throw overBudget(target, budget, input.locale);
      if (!mediaType) {
        head = Buffer.concat([head, chunk.subarray(0, sniffLength - head.length)]);
        // Refused as soon as the first bytes tell, not after the whole file has arrived.
        if (head.length >= sniffLength) mediaType = await acceptedType();
      }
      for (let written = 0; written < chunk.length; ) written += (await handle.write(chunk, written)).bytesWritten;
    }
    return { target, fileName, sizeBytes, mediaType: mediaType ?? (await acceptedType()) };
  } finally {
    await handle.close();
  }
}

/** Reads and drops what the client still sends, briefly, then closes: answering 413 into a reset connection helps nobody. */
function discardRest(source: Readable) {
  if (source.destroyed || source.readableEnded) return;
  let bytes = 0;
  const stop = () => source.destroy();
  const timer = setTimeout(stop, discardAfterRefusal.ms);
  timer.unref();
  source.on("data", (chunk: Buffer) => {
    bytes += chunk.length;
    if (bytes > discardAfterRefusal.bytes) stop();
  });
  source.on("close", () => clearTimeout(timer));
  source.on("error", () => undefined);
  source.resume();
}

/** An upload as the API and the booking page show it. */
export function toUploadView(row: typeof uploads.$inferSelect): UploadView {
  return {
    uuid: row.id,
    item_uuid: row.itemId,
    name: row.originalName,
    media_type: row.mediaType,
    size_bytes: row.sizeBytes,
    duration_seconds: row.durationMs === null ? null : Math.round(row.durationMs / 100) / 10,
  };
}
