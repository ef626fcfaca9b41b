import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { ListObjectsV2Command, type S3Client } from "@aws-sdk/client-s3";
import S3rver from "s3rver";
import type { S3Config } from "../../server/uploads/s3-store";
import { createS3Client } from "../../server/uploads/s3-store";

/**
 * A real S3 server on this machine for tests (decision 049): s3rver on a free port, its objects in a
 * temporary folder, with one empty bucket. It speaks S3's REST API and signature checks the way the
 * SDK calls them; `stop()` closes it and removes its folder.
 */
export async function startS3Server(bucket = "event-booking-test") {
  const directory = mkdtempSync(path.join(tmpdir(), "s3rver-"));
  const server = new S3rver({ address: "127.0.0.1", port: 0, silent: true, directory, configureBuckets: [{ name: bucket, configs: [] }] });
  const { port } = await server.run();
  // s3rver's fixed test keys; a real bucket's come from S3_ACCESS_KEY_ID / S3_SECRET_ACCESS_KEY.
  const config: S3Config = {
    bucket,
    region: "us-east-1",
    endpoint: `http://127.0.0.1:${port}`,
    accessKeyId: "S3RVER",
    secretAccessKey: "S3RVER",
    forcePathStyle: true,
  };
  const client: S3Client = createS3Client(config);
  /** The keys of the bucket's objects under `prefix`, sorted. */
  const keys = async (prefix = ""): Promise<string[]> => {
    const listed = await client.send(new ListObjectsV2Command({ Bucket: bucket, Prefix: prefix }));
    return (listed.Contents ?? []).map((object) => object.Key ?? "").sort();
  };
  const stop = async () => {
    client.destroy();
    await server.close();
    rmSync(directory, { recursive: true, force: true });
  };
  return { config, client, keys, stop };
}

export type S3TestServer = Awaited<ReturnType<typeof startS3Server>>;
