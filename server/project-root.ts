import { existsSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

/**
 * The project folder (the one with package.json), found by walking up from this module rather than
 * by a fixed number of `..`: the same code runs from its source file under server/ (tsx, tests) and
 * bundled into build/server-main.js or build/server/index.js, at other depths (decision 047).
 */
function findProjectRoot(start: string): string {
  let directory = start;
  while (!existsSync(path.join(directory, "package.json"))) {
    const parent = path.dirname(directory);
    if (parent === directory) throw new Error(`package.json not found above ${start}`);
    directory = parent;
  }
  return directory;
}

export const projectRoot = findProjectRoot(path.dirname(fileURLToPath(import.meta.url)));
