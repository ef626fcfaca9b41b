import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { expect, request as playwrightRequest, test, type APIRequestContext } from "@playwright/test";
import { ensureNginx } from "../../scripts/ensure-nginx";
import { fillGolfBookingUpToPayment, logInThroughPages, payOnSandbox, reviewAndBook } from "./booking-steps";
import { journeyLanguages } from "./support";

/**
 * How operators run the site (issue 10): Debian's nginx in front of the production build as a TLS
 * terminator, with a self-signed certificate for 127.0.0.1 made by openssl for this run. The site
 * behind it is a server of this test's own (the shared one stays untouched) with TRUST_PROXY on and
 * PUBLIC_URL at nginx's https address. A browser logs in, books and pays through it, in en and de:
 * every form post passes React Router's Origin check, and the session lives in Secure __Host- cookies.
 */
const backendPort = Number(process.env.E2E_PORT ?? 3210) + 60;
const httpsPort = Number(process.env.E2E_PORT ?? 3210) + 61;
const publicOrigin = `https://127.0.0.1:${httpsPort}`;
const demoCustomer = { email: "stefan.hofmann@example.com", password: "Fairway-demo-2026" };

const text = {
  en: { creditCard: "Credit card", received: "Payment received" },
  de: { creditCard: "Kreditkarte", received: "Zahlung erhalten" },
} as const;

const workDir = path.resolve(`.tmp/behind-nginx-${process.pid}-${Date.now()}`);
let nginx: ChildProcess | undefined;
let server: ChildProcess | undefined;
let serverLog = "";

function writeCertificate() {
  execFileSync(
    "openssl",
    [
      "req",
      "-x509",
      "-newkey",
      "rsa:2048",
      "-nodes",
      "-days",
      "1",
      "-subj",
      "/CN=127.0.0.1",
      "-addext",
      "subjectAltName=IP:127.0.0.1",
      "-keyout",
      path.join(workDir, "key.pem"),
      "-out",
      path.join(workDir, "cert.pem"),
    ],
    { stdio: "ignore" },
  );
}

/** The operator's configuration from the README, on this run's ports and folder. */
function writeNginxConfig(): string {
  const file = path.join(workDir, "nginx.conf");
  writeFileSync(
    file,
    `worker_processes 1;
pid ${workDir}/nginx.pid;
error_log ${workDir}/error.log warn;
events { worker_connections 256; }
http {
  access_log ${workDir}/access.log;
  client_body_temp_path ${workDir}/client-body;
  proxy_temp_path ${workDir}/proxy;
  client_max_body_size 50m;
  server {
    listen 127.0.0.1:${httpsPort} ssl;
    ssl_certificate ${workDir}/cert.pem;
    ssl_certificate_key ${workDir}/key.pem;
    location / {
      proxy_pass http://127.0.0.1:${backendPort};
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $http_host;
      proxy_set_header X-Forwarded-Host $http_host;
      proxy_set_header X-Forwarded-Proto $scheme;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
    }
  }
}
`,
  );
  return file;
}

async function waitUntilUp(api: APIRequestContext, url: string) {
  await expect
    .poll(
      async () => {
        try {
          return (await api.get(url)).status();
        } catch {
          return 0;
        }
      },
      { timeout: 60_000, intervals: [250] },
    )
    .toBe(200);
}

test.describe.configure({ mode: "serial" });

test.beforeAll(async () => {
  test.setTimeout(180_000);
  const nginxBinary = ensureNginx();
  mkdirSync(workDir, { recursive: true });
  writeCertificate();
  const config = writeNginxConfig();
  // The compiled server, as the shared e2e servers run (the suite builds it first), not tsx transpiling it again.
  server = spawn("node", ["build/server-main.js"], {
    env: {
      ...process.env,
      NODE_ENV: "test",
      HOST: "127.0.0.1",
      PORT: String(backendPort),
      DATA_DIR: path.join(workDir, "data"),
      LOG_LEVEL: "warn",
      RATE_LIMIT_MULTIPLIER: "100",
      PUBLIC_URL: publicOrigin,
      // nginx is the only peer, one hop away. (Not "loopback": the browser is on 127.0.0.1 too, and
      // a client that is itself in the trusted range could name any address it likes.)
      TRUST_PROXY: "1",
      // The sandbox posts its webhooks to PUBLIC_URL, through nginx: trust this run's certificate.
      NODE_EXTRA_CA_CERTS: path.join(workDir, "cert.pem"),
    },
    detached: true,
    stdio: ["ignore", "pipe", "pipe"],
  });
  server.stdout?.on("data", (chunk: Buffer) => (serverLog += chunk.toString()));
  server.stderr?.on("data", (chunk: Buffer) => (serverLog += chunk.toString()));
  // A non-daemon master of our own, with its own prefix and config; stopped by its PID.
  nginx = spawn(nginxBinary, ["-p", workDir, "-e", path.join(workDir, "error.log"), "-c", config, "-g", "daemon off;"], { stdio: "ignore" });
  const api = await playwrightRequest.newContext({ ignoreHTTPSErrors: true });
  try {
    await waitUntilUp(api, `http://127.0.0.1:${backendPort}/api/booking/site`);
    await waitUntilUp(api, `${publicOrigin}/api/booking/site`);
  } catch (error) {
    const nginxErrors = (() => {
      try {
        return readFileSync(path.join(workDir, "error.log"), "utf8");
      } catch {
        return "";
      }
    })();
    throw new Error(`the site behind nginx did not come up\nserver: ${serverLog}\nnginx: ${nginxErrors}`, { cause: error });
  } finally {
    await api.dispose();
  }
});

test.afterAll(() => {
  if (nginx?.pid && nginx.exitCode === null) process.kill(nginx.pid, "SIGTERM");
  if (server?.pid && server.exitCode === null) process.kill(-server.pid, "SIGTERM");
  rmSync(workDir, { recursive: true, force: true });
});

test.use({ baseURL: publicOrigin, ignoreHTTPSErrors: true });

test("answers over https carry HSTS, whatever scheme the visitor claims in a header of its own", async ({ request }) => {
  for (const headers of [{}, { "X-Forwarded-Proto": "http" }] as Record<string, string>[]) {
    const page = await request.get("/", { headers });
    expect(page.status()).toBe(200);
    expect(page.headers()["strict-transport-security"]).toBe("max-age=31536000");
  }
});

for (const language of journeyLanguages("en")) {
  const t = text[language.locale];
  test.describe(`through nginx with https in ${language.locale}`, () => {
    test.use({ extraHTTPHeaders: { "Accept-Language": language.acceptLanguage } });

    test("log in, book and pay by card: every form post works and the session cookies are Secure", async ({ page, context }) => {
      test.setTimeout(90_000);
      await logInThroughPages(page, language.locale, language.prefix, demoCustomer);
      const cookies = await context.cookies(publicOrigin);
      const session = cookies.filter((cookie) => cookie.name.startsWith("__Host-session"));
      expect(session.map((cookie) => cookie.name).sort()).toEqual(["__Host-session", "__Host-session_refresh"]);
      for (const cookie of session) expect(cookie).toMatchObject({ secure: true, httpOnly: true, path: "/", sameSite: "Lax" });

      await fillGolfBookingUpToPayment(page, language.locale, language.prefix, {
        salutation: "mr",
        forename: "Stefan",
        surname: "Hofmann",
        street: "Seestraße 4",
        postcode: "82319",
        city: "Starnberg",
        phone: "+49 8151 123456",
        email: demoCustomer.email,
      });
      const bookingCookies = (await context.cookies(publicOrigin)).filter((cookie) => ["booking_token", "form_position"].includes(cookie.name));
      expect(bookingCookies).toHaveLength(2);
      for (const cookie of bookingCookies) expect(cookie.secure).toBe(true);
      await page.getByRole("radio", { name: t.creditCard }).check();
      // Card: after the review step the browser goes straight on to the provider's checkout.
      await reviewAndBook(page, language.locale);
      await expect(page).toHaveURL(new RegExp(`^${publicOrigin}/sandbox-checkout/sbx_`));
      await payOnSandbox(page, language.locale, "4242 4242 4242 4242", "Stefan Hofmann");
      await expect(page).toHaveURL(new RegExp(`^${publicOrigin}${language.prefix}/payment/success/[A-Za-z0-9_-]+$`));
      await expect(page.getByRole("heading", { level: 1, name: t.received })).toBeVisible();
    });
  });
}
