import path from "node:path";
import { folderFileStore, type FileStore } from "../deps/file-store";
import { folderImageStore, type ImageStore } from "../deps/image-store";
import { checkS3Bucket, createS3Client, s3FileStore, s3ImageStore, type S3Config } from "./s3-store";

/** The stores for booking uploads and event images, as the boot configuration chose them (decision 049). */
export type UploadStorage = {
  files: FileStore;
  images: ImageStore;
  /** For the boot log: where the files go (no secrets). */
  describe: string;
  /** Fails with a clear message when the store cannot be used (a wrong bucket or keys), at boot rather than at the first upload. */
  check(): Promise<void>;
};

/**
 * `<DATA_DIR>/uploads` (images under `images/`) when no bucket is configured, as before; otherwise the
 * bucket, with uploads received in `<DATA_DIR>/uploads-incoming` on this machine until they passed.
 */
export function createUploadStorage(input: { dataDir: string; s3?: S3Config | undefined }): UploadStorage {
  const uploadsDir = path.join(input.dataDir, "uploads");
  if (!input.s3) {
    const files = folderFileStore(uploadsDir);
    return { files, images: folderImageStore(path.join(uploadsDir, "images")), describe: files.describe, check: () => Promise.resolve() };
  }
  const config = input.s3;
  const client = createS3Client(config);
  const files = s3FileStore(client, config, path.join(input.dataDir, "uploads-incoming"));
  return { files, images: s3ImageStore(client, config), describe: files.describe, check: () => checkS3Bucket(client, config) };
}
