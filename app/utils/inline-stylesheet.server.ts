import { randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import path from "node:path";
import { Transform, type TransformCallback, type TransformOptions } from "node:stream";
import { projectRoot } from "../../server/project-root";
import stylesheet from "../app.css?url";

/** A stylesheet as bytes, and the placeholder React renders in its place. */
export type StylesheetInsert = { placeholder: Buffer; stylesheet: Buffer };

/**
 * The stylesheet goes into the page as bytes encoded once (decision 066): React renders a placeholder
 * in its place, and the rendered page has the placeholder's bytes replaced by the stylesheet's. React
 * would otherwise encode the 53 KB text again for every page. The placeholder is a CSS comment with a
 * token drawn when the server starts: no text a visitor or the staff writes can contain it, and should
 * it ever reach a browser unreplaced it is an empty stylesheet, not a broken page.
 */
export function stylesheetInsert(stylesheet: string, token: string = randomUUID()): StylesheetInsert {
  return { placeholder: Buffer.from(`/* stylesheet ${token} */`, "utf8"), stylesheet: Buffer.from(stylesheet, "utf8") };
}

/**
 * The built stylesheet, read once when the server build is loaded (not per request) and written into
 * every page's <head> (decision 055). Under Vite's dev server the page links app/app.css instead
 * (root.tsx `links`), which Vite serves and updates as the sources change. `</style` cannot occur in
 * Tailwind's output, but would end the element early: escaped anyway.
 */
const builtInsert = import.meta.env.DEV
  ? undefined
  : stylesheetInsert(readFileSync(path.join(projectRoot, "build/client", stylesheet), "utf8").replaceAll("</style", "<\\/style"));

/** What root.tsx writes into <style> on the server (through InlineStylesheetContext). */
export const inlineStylesheetPlaceholder: string | undefined = builtInsert?.placeholder.toString("utf8");

/** A whole rendered page (its chunks) with the placeholder replaced by the stylesheet, as one buffer. */
export function pageWithStylesheet(chunks: readonly Uint8Array[], insert: StylesheetInsert | undefined = builtInsert): Buffer<ArrayBuffer> {
  const page = Buffer.concat(chunks);
  const at = insert ? page.indexOf(insert.placeholder) : -1;
  return insert && at >= 0 ? spliced(page, at, insert) : page;
}

/** `data` with the placeholder found at `at` replaced by the stylesheet. */
function spliced(data: Buffer, at: number, insert: StylesheetInsert): Buffer<ArrayBuffer> {
  return Buffer.concat([data.subarray(0, at), insert.stylesheet, data.subarray(at + insert.placeholder.length)]);
}

/**
 * A streamed page passes through this: bytes go on as they come, except for the few at the end of
 * what came so far that could be the start of a placeholder split across two chunks, until the
 * placeholder (in the shell's <head>) has been replaced. After that every chunk goes on untouched.
 */
export class StylesheetSplice extends Transform {
  private held: Buffer = Buffer.alloc(0);
  private pending: StylesheetInsert | undefined;

  constructor(options?: TransformOptions, insert: StylesheetInsert | undefined = builtInsert) {
    super(options);
    this.pending = insert;
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    const insert = this.pending;
    if (!insert) {
      callback(null, chunk);
      return;
    }
    const data = this.held.length > 0 ? Buffer.concat([this.held, chunk]) : chunk;
    const at = data.indexOf(insert.placeholder);
    if (at >= 0) {
      this.pending = undefined;
      this.held = Buffer.alloc(0);
      callback(null, spliced(data, at, insert));
      return;
    }
    const kept = Math.min(data.length, insert.placeholder.length - 1);
    // A copy: the renderer may reuse the memory of a chunk it has handed on.
    this.held = Buffer.from(data.subarray(data.length - kept));
    callback(null, kept < data.length ? data.subarray(0, data.length - kept) : undefined);
  }

  override _flush(callback: TransformCallback): void {
    callback(null, this.held.length > 0 ? this.held : undefined);
  }
}
