import { readdir, readFile, stat, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import { minimumCompressedBytes } from "../server/http/compress-responses";

/**
 * After `react-router build`: every compressible file of the browser build gets a `.br` (brotli at
 * its best, quality 11) and a `.gz` beside it, which the server sends as they are (decision 045).
 * Compressing once here is smaller than per request and costs no request any CPU.
 */
const compressibleFile = /\.(?:js|mjs|css|html|json|svg|txt|xml|webmanifest|map|ico)$/i;

async function* filesUnder(folder: string): AsyncGenerator<string> {
  for (const entry of await readdir(folder, { withFileTypes: true })) {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) yield* filesUnder(path);
    else if (entry.isFile()) yield path;
  }
}

export async function precompressAssets(folder: string): Promise<{ files: number; bytes: number; brotliBytes: number }> {
  let files = 0;
  let bytes = 0;
  let brotliBytes = 0;
  for await (const path of filesUnder(folder)) {
    if (!compressibleFile.test(path) || (await stat(path)).size < minimumCompressedBytes) continue;
    const content = await readFile(path);
    const brotli = brotliCompressSync(content, {
      params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: content.byteLength },
    });
    await writeFile(`${path}.br`, brotli);
    await writeFile(`${path}.gz`, gzipSync(content, { level: 9 }));
    files += 1;
    bytes += content.byteLength;
    brotliBytes += brotli.byteLength;
  }
  return { files, bytes, brotliBytes };
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const folder = process.argv[2] ?? "build/client";
  const { files, bytes, brotliBytes } = await precompressAssets(folder);
  console.log(`precompressed ${files} files in ${folder}: ${Math.round(bytes / 1024)} KB → ${Math.round(brotliBytes / 1024)} KB brotli`);
}
