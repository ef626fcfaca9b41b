import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

/**
 * What the scale-out test gives its processes and its nginx, shared with the check that compose.yaml
 * runs the same (tests/unit/deploy-files.test.ts): the same variables reach every app process, and
 * nginx's site is the one template, deploy/nginx/site.conf.template, with the test's own ports.
 */
const projectRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
export const nginxSiteTemplate = path.join(projectRoot, "deploy/nginx/site.conf.template");

export type ScaleOutPeers = {
  databaseUrl: string;
  smtpUrl: string;
  publicUrl: string;
  mailFrom: string;
  s3: { bucket: string; region: string; endpoint: string; accessKeyId: string; secretAccessKey: string };
};

export function scaleOutEnvironment(peers: ScaleOutPeers): Record<string, string> {
  return {
    WEB_CONCURRENCY: "1",
    DATABASE_URL: peers.databaseUrl,
    // Every process signs and checks the same sessions.
    JWT_SECRET: "scale-out-test-jwt-secret-0123456789abcdef",
    PUBLIC_URL: peers.publicUrl,
    // The test's buyers name their own addresses in X-Forwarded-For (many buyers, one machine); nginx and
    // the test are both on the loopback, so the loopback is trusted here (compose trusts its one hop).
    TRUST_PROXY: "loopback",
    SMTP_URL: peers.smtpUrl,
    MAIL_FROM: peers.mailFrom,
    // Files live in the one bucket, not in a process's folder.
    S3_BUCKET: peers.s3.bucket,
    S3_REGION: peers.s3.region,
    S3_ENDPOINT: peers.s3.endpoint,
    S3_ACCESS_KEY_ID: peers.s3.accessKeyId,
    S3_SECRET_ACCESS_KEY: peers.s3.secretAccessKey,
    S3_FORCE_PATH_STYLE: "true",
    // Long enough that only the processes telling each other of a write (LISTEN/NOTIFY) can make a
    // change show elsewhere within the test's two seconds.
    READ_CACHE_SECONDS: "600",
    PAGE_CACHE_SECONDS: "600",
    LOG_LEVEL: "warn",
    // NODE_ENV=test (startSiteProcess) brings the sandbox provider, whose webhooks need this secret;
    // compose runs production with Stripe's two secrets instead.
    SANDBOX_WEBHOOK_SECRET: "scale-out-test-webhook-secret",
  };
}

/** The template's `${NAME}`s filled in, as the nginx image's envsubst does. */
export function fillTemplate(template: string, values: Record<string, string>): string {
  return template.replace(/\$\{([A-Z_]+)\}/g, (whole, name: string) => values[name] ?? whole);
}

/** A whole nginx.conf for a test: its own pid, logs and temp folders around the shared site template. */
export function nginxConfigForTest(options: { workDir: string; listen: string; upstreams: number[] }): string {
  const site = fillTemplate(readFileSync(nginxSiteTemplate, "utf8"), {
    LISTEN: options.listen,
    UPSTREAM_SERVERS: options.upstreams.map((port) => `server 127.0.0.1:${port} max_fails=1 fail_timeout=5s;`).join("\n    "),
  });
  const { workDir } = options;
  return `worker_processes 1;
pid ${workDir}/nginx.pid;
error_log ${workDir}/nginx-error.log warn;
events { worker_connections 512; }
http {
  access_log off;
  client_body_temp_path ${workDir}/client-body;
  proxy_temp_path ${workDir}/proxy;
${site}
}
`;
}
