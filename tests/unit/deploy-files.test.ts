import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { parse } from "yaml";
import { nginxSiteTemplate, scaleOutEnvironment } from "../support/scale-out-setup";

/**
 * compose.yaml and the Dockerfile cannot be started on the machines the suite runs on (no container
 * runtime), so the scale-out test (tests/processes/scale-out.test.ts) stands in for them: these checks
 * keep the two in step — the same command, the same variables, the same nginx site — and hold the
 * image to what the compiled server needs at run time.
 */
type ComposeService = { command?: string[]; environment?: Record<string, string>; volumes?: string[] };
const compose = parse(readFileSync("compose.yaml", "utf8")) as { services: Record<string, ComposeService> };
const dockerfile = readFileSync("Dockerfile", "utf8");
const app = compose.services.app!;
const serveScript = (JSON.parse(readFileSync("package.json", "utf8")) as { scripts: Record<string, string> }).scripts.serve!;

describe("compose.yaml runs what the scale-out test runs", () => {
  it("starts the compiled server with the command of the Dockerfile and of `npm run serve`", () => {
    const command = app.command!.join(" ");
    expect(command).toBe("node --max-old-space-size=192 --max-semi-space-size=8 build/server-main.js");
    expect(app.environment!.MALLOC_ARENA_MAX).toBe("2");
    expect(dockerfile).toMatch(/MALLOC_ARENA_MAX=2/);
    expect(serveScript).toContain("MALLOC_ARENA_MAX=2");
    expect(JSON.parse(/^CMD (\[.*\])$/m.exec(dockerfile)![1]!)).toEqual(app.command);
    expect(serveScript).toContain(command);
  });

  it("gives every app process the variables the scale-out test gives its processes", () => {
    const testOnly = ["SANDBOX_WEBHOOK_SECRET"]; // the sandbox provider; compose runs Stripe in production
    const fromTest = Object.keys(
      scaleOutEnvironment({
        databaseUrl: "",
        smtpUrl: "",
        publicUrl: "",
        mailFrom: "",
        s3: { bucket: "", region: "", endpoint: "", accessKeyId: "", secretAccessKey: "" },
      }),
    );
    for (const name of fromTest.filter((one) => !testOnly.includes(one))) expect(Object.keys(app.environment!), name).toContain(name);
  });

  it("names only variables the server reads (server/env.ts), besides the allocator's", () => {
    const envSource = readFileSync("server/env.ts", "utf8");
    const forTheRuntime = ["MALLOC_ARENA_MAX"]; // read by glibc's allocator, not by the app
    for (const name of Object.keys(app.environment!).filter((one) => !forTheRuntime.includes(one))) expect(envSource, name).toMatch(new RegExp(`\\b${name}:`));
  });

  it("serves the one nginx site template, with every placeholder given", () => {
    const nginx = compose.services.nginx!;
    expect(nginx.volumes).toContain("./deploy/nginx/site.conf.template:/etc/nginx/templates/default.conf.template:ro");
    const placeholders = [...readFileSync(nginxSiteTemplate, "utf8").matchAll(/\$\{([A-Z_]+)\}/g)].map((match) => match[1]);
    expect(placeholders.length).toBeGreaterThan(0);
    for (const name of placeholders) expect(Object.keys(nginx.environment!)).toContain(name);
  });
});

describe("the Dockerfile", () => {
  it("builds in one stage and runs as a non-root user in another, with what the server reads at run time", () => {
    expect(dockerfile.match(/^FROM /gm)).toHaveLength(2);
    expect(dockerfile).toMatch(/^USER node$/m);
    for (const folder of ["build", "drizzle", "content", "core/i18n/locales", "node_modules"])
      expect(dockerfile).toMatch(new RegExp(`^COPY --from=build /app/${folder} \\./${folder}$`, "m"));
    expect(dockerfile).toMatch(/npm prune --omit=dev/);
    expect(dockerfile).toMatch(/HEALTHCHECK[\s\S]*\/readyz/);
  });
});
