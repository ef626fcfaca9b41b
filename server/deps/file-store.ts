import { createReadStream } from "node:fs";
import { mkdir, rename, rm, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import { Readable } from "node:stream";

/** A stored file opened for reading: its bytes as they stream, and how many there are. */
export type StoredFile = { body: ReadableStream<Uint8Array>; sizeBytes: number };

/**
 * Where booking uploads live (decision 049): the local folder, or an S3 bucket when configured, so
 * that a file taken by one app process can be read by another on another machine. Uploads are
 * received, checked and measured in a local file first (`scratchDir`); only a file that passed is
 * handed over, so a refused upload never reaches the store. Keys are ours (random uuids).
 */
export type FileStore = {
  /** For the boot log: where the files go (no secrets). */
  describe: string;
  /** Where an upload is written while it arrives; on the same file system as the folder store, so taking it in is a rename. */
  scratchDir: string;
  /** Takes the finished local file in under `key` (the local file is gone afterwards, on success). */
  moveIn(key: string, localPath: string): Promise<void>;
  /** Stores bytes under `key` (test fixtures). */
  putBytes(key: string, bytes: Buffer): Promise<void>;
  /** The file, or null when there is none (a restored database, a cleaned folder). */
  open(key: string): Promise<StoredFile | null>;
  /** Removes the file; a missing one is no error. */
  remove(key: string): Promise<void>;
};

/** A storage key as a plain name: whatever a row says, nothing outside the store's folder or prefix is reached. */
export function safeKey(key: string): string {
  const name = path.basename(key);
  if (!name || name === "." || name === "..") throw new Error(`not a storage key: ${key}`);
  return name;
}

/** `<DATA_DIR>/uploads`, outside the web root: the files by their key, as before decision 049. */
export function folderFileStore(dir: string): FileStore {
  const pathOf = (key: string) => path.join(dir, safeKey(key));
  return {
    describe: `the folder ${dir}`,
    scratchDir: dir,
    async moveIn(key, localPath) {
      await mkdir(dir, { recursive: true, mode: 0o700 });
      await rename(localPath, pathOf(key));
    },
    async putBytes(key, bytes) {
      await mkdir(dir, { recursive: true, mode: 0o700 });
      await writeFile(pathOf(key), bytes, { mode: 0o600 });
    },
    async open(key) {
      const file = pathOf(key);
      const found = await stat(file).catch(() => null);
      if (!found?.isFile()) return null;
      return { body: Readable.toWeb(createReadStream(file)) as ReadableStream<Uint8Array>, sizeBytes: found.size };
    },
    async remove(key) {
      await rm(pathOf(key), { force: true });
    },
  };
}
