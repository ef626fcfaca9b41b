import { execFile } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdtemp, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { getDocument } from "pdfjs-dist/legacy/build/pdf.mjs";

/**
 * The EN 16931 validator: a copy of the team's `../shared/einvoice` (the CII D16B schema and the official
 * EN 16931 schematron), kept under its upstream file names in `vendor/en16931-validator` so a clean clone
 * has it; `EINVOICE_VALIDATOR` names
 * another copy. Its first run installs xmllint and xslt3 and compiles the rules (≈ 20 s).
 */
export const ciiValidator = process.env.EINVOICE_VALIDATOR ?? fileURLToPath(new URL("../../vendor/en16931-validator/validate-cii.sh", import.meta.url));

/** The files a PDF carries as attachments (embedded files), by name; pdf.js's public API. */
export async function pdfAttachments(pdf: Uint8Array): Promise<Map<string, Buffer>> {
  const document = await getDocument({ data: new Uint8Array(pdf), useSystemFonts: false }).promise;
  try {
    const attachments = ((await document.getAttachments()) ?? {}) as Record<string, { filename: string; content: Uint8Array }>;
    return new Map(Object.values(attachments).map((attachment) => [attachment.filename, Buffer.from(attachment.content)]));
  } finally {
    await document.destroy();
  }
}

export type CiiValidation = { file: string; exitCode: number; output: string };

/**
 * Writes each XML to a temporary file and runs the validator on it, one after the other (it takes one
 * file a call). A result is valid when the exit code is 0 and the output names no fatal rule and no
 * schema error: the script prints schema errors but does not count them in its exit code.
 */
export async function validateCii(xmls: { name: string; xml: Buffer | string }[]): Promise<CiiValidation[]> {
  if (!existsSync(ciiValidator)) throw new Error(`the EN 16931 validator is not at ${ciiValidator} (set EINVOICE_VALIDATOR)`);
  const folder = await mkdtemp(join(tmpdir(), "cii-"));
  const results: CiiValidation[] = [];
  for (const { name, xml } of xmls) {
    const file = join(folder, `${name}.xml`);
    await writeFile(file, xml);
    results.push(
      await new Promise<CiiValidation>((resolve) => {
        execFile(ciiValidator, [file], { maxBuffer: 10_000_000 }, (error, stdout, stderr) => {
          const exitCode = error ? (typeof error.code === "number" ? error.code : 1) : 0;
          resolve({ file: name, exitCode, output: `${stdout}${stderr}` });
        });
      }),
    );
  }
  return results;
}

/** Whether a validation passed: exit 0, no fatal rule broken, no schema error. */
export function isValidCii(result: CiiValidation): boolean {
  return result.exitCode === 0 && !/^fatal /m.test(result.output) && !/Schemas validity error|fails to validate/.test(result.output);
}
