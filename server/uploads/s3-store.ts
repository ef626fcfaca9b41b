import { createReadStream } from "node:fs";
import { rm, stat } from "node:fs/promises";
import { DeleteObjectCommand, GetObjectCommand, HeadBucketCommand, NoSuchKey, PutObjectCommand, S3Client, S3ServiceException } from "@aws-sdk/client-s3";
import { eventImageFileNamePattern } from "../../core/contracts/event-images";
import type { FileStore } from "../deps/file-store";
import { safeKey } from "../deps/file-store";
import type { ImageStore } from "../deps/image-store";

/** An S3-compatible bucket (AWS, MinIO, s3rver, …) as server/env.ts reads it from the S3_* variables. */
export type S3Config = {
  bucket: string;
  region: string;
  /** Another S3-compatible service than AWS, e.g. http://127.0.0.1:9000. */
  endpoint?: string | undefined;
  accessKeyId: string;
  secretAccessKey: string;
  /** `bucket` in the path instead of the host name (MinIO, s3rver, most self-hosted services). */
  forcePathStyle: boolean;
};

/** Booking uploads and event images share the bucket, each under its own prefix. */
export const s3Prefixes = { uploads: "uploads/", images: "images/" } as const;

export function createS3Client(config: S3Config): S3Client {
  return new S3Client({
    region: config.region,
    ...(config.endpoint ? { endpoint: config.endpoint } : {}),
    forcePathStyle: config.forcePathStyle,
    credentials: { accessKeyId: config.accessKeyId, secretAccessKey: config.secretAccessKey },
    // The SDK's default (checksums on every request) sends streamed bodies aws-chunked with a
    // trailer; services that do not speak that (s3rver, older MinIO) store the framing as if it
    // were the file. Checksums only where S3 requires them: the file arrives byte for byte.
    requestChecksumCalculation: "WHEN_REQUIRED",
    responseChecksumValidation: "WHEN_REQUIRED",
  });
}

/** Where the boot log says the files go: bucket and endpoint, never the keys. */
export function describeS3(config: S3Config): string {
  return `the S3 bucket ${config.bucket} (${config.endpoint ?? `AWS ${config.region}`}${config.forcePathStyle ? ", path-style" : ""})`;
}

/** Fails with a clear message when the bucket cannot be reached with the configured keys (at boot, not at the first upload). */
export async function checkS3Bucket(client: S3Client, config: S3Config): Promise<void> {
  try {
    await client.send(new HeadBucketCommand({ Bucket: config.bucket }));
  } catch (error) {
    const reason = error instanceof S3ServiceException ? `${error.name} (HTTP ${error.$metadata.httpStatusCode ?? "?"})` : String(error);
    throw new Error(`${describeS3(config)} cannot be reached: ${reason}. Check S3_BUCKET, S3_ENDPOINT, S3_REGION and the access keys.`, { cause: error });
  }
}

function isMissing(error: unknown): boolean {
  return error instanceof NoSuchKey || (error instanceof S3ServiceException && (error.name === "NotFound" || error.$metadata.httpStatusCode === 404));
}

/**
 * Booking uploads under `uploads/<key>` in the bucket. Files are checked in `scratchDir` on this
 * machine first (store-upload.ts) and put whole (one PutObject: uploads are at most 100 MB, far
 * below its 5 GB, so no multipart upload is needed); reads stream the object's body.
 */
export function s3FileStore(client: S3Client, config: S3Config, scratchDir: string): FileStore {
  const keyOf = (key: string) => `${s3Prefixes.uploads}${safeKey(key)}`;
  return {
    describe: describeS3(config),
    scratchDir,
    async moveIn(key, localPath) {
      const { size } = await stat(localPath);
      await client.send(new PutObjectCommand({ Bucket: config.bucket, Key: keyOf(key), Body: createReadStream(localPath), ContentLength: size }));
      await rm(localPath, { force: true });
    },
    async putBytes(key, bytes) {
      await client.send(new PutObjectCommand({ Bucket: config.bucket, Key: keyOf(key), Body: bytes }));
    },
    async open(key) {
      try {
        const object = await client.send(new GetObjectCommand({ Bucket: config.bucket, Key: keyOf(key) }));
        if (!object.Body || object.ContentLength === undefined) return null;
        return { body: object.Body.transformToWebStream(), sizeBytes: object.ContentLength };
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },
    async remove(key) {
      // S3 answers a delete of a missing key with success too.
      await client.send(new DeleteObjectCommand({ Bucket: config.bucket, Key: keyOf(key) }));
    },
  };
}

/** The resized event images (decision 040) under `images/<name>` in the same bucket. */
export function s3ImageStore(client: S3Client, config: S3Config): ImageStore {
  const keyOf = (name: string) => {
    // The same rule as the folder: only our own content-hash names.
    if (!eventImageFileNamePattern.test(name)) throw new Error(`not an image file name: ${name}`);
    return `${s3Prefixes.images}${name}`;
  };
  return {
    async put(name, bytes) {
      await client.send(new PutObjectCommand({ Bucket: config.bucket, Key: keyOf(name), Body: bytes }));
    },
    async get(name) {
      if (!eventImageFileNamePattern.test(name)) return null;
      try {
        const object = await client.send(new GetObjectCommand({ Bucket: config.bucket, Key: keyOf(name) }));
        return object.Body ? Buffer.from(await object.Body.transformToByteArray()) : null;
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
    },
    async remove(name) {
      await client.send(new DeleteObjectCommand({ Bucket: config.bucket, Key: keyOf(name) }));
    },
  };
}
