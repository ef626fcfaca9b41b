import { randomUUID } from "node:crypto";
import { mkdir, readFile, rename, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { eventImageFileNamePattern } from "../../core/contracts/event-images";

/**
 * Where the site's resized images live (decision 040). One small interface, so that another store
 * (S3, a later issue) replaces the folder without touching the verbs or the route that serves them.
 * Names are content hashes (`<key>-<width>.<ext>`): a name once written never holds other bytes.
 */
export type ImageStore = {
  /** Stores a file; writing a name that exists already is harmless (same name, same bytes). */
  put(name: string, bytes: Buffer): Promise<void>;
  /** A file's bytes, or null when there is none (or the name is not one of ours). */
  get(name: string): Promise<Buffer | null>;
  remove(name: string): Promise<void>;
};

/** `<DATA_DIR>/uploads/images`: files written under a temporary name and renamed, so a reader never sees half a file. */
export function folderImageStore(dir: string): ImageStore {
  const pathOf = (name: string) => {
    // Only our own names reach the disk: no path, no dots, no other files of the data folder.
    if (!eventImageFileNamePattern.test(name)) throw new Error(`not an image file name: ${name}`);
    return path.join(dir, name);
  };
  return {
    async put(name, bytes) {
      const target = pathOf(name);
      await mkdir(dir, { recursive: true, mode: 0o700 });
      const partial = path.join(dir, `${randomUUID()}.part`);
      await writeFile(partial, bytes, { mode: 0o600 });
      await rename(partial, target);
    },
    async get(name) {
      if (!eventImageFileNamePattern.test(name)) return null;
      try {
        return await readFile(pathOf(name));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === "ENOENT") return null;
        throw error;
      }
    },
    async remove(name) {
      await rm(pathOf(name), { force: true });
    },
  };
}
