import { mkdtemp, readdir, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createDevOutboxRoutes, createMailTransport, renderEmail } from "../../server/email";

let root: string;
let outboxDir: string;

beforeEach(async () => {
  root = await mkdtemp(path.join(tmpdir(), "email-outbox-"));
  outboxDir = path.join(root, "outbox");
});
afterEach(async () => {
  await rm(root, { recursive: true, force: true });
});

const resetUrl = "https://booking.example.test/reset-password/tok_91b2";

async function sendOne() {
  const transport = createMailTransport({ outboxDir });
  const email = await renderEmail({ template: "password-reset", payload: { name: "Katherine Johnson", resetUrl, expiresInMinutes: 60 } }, "de");
  await transport.send({ from: "Trackside & Fairway Events <bookings@trackside.example.test>", to: "katherine@example.test", ...email });
  return email;
}

describe("outbox folder transport", () => {
  it("makes the folder when it is missing, also when it was removed after the first mail", async () => {
    await sendOne();
    await rm(outboxDir, { recursive: true });
    await sendOne();
    expect((await readdir(outboxDir)).filter((file) => file.endsWith(".eml"))).toHaveLength(1);
  });

  it("writes each mail as a complete .eml file", async () => {
    expect(createMailTransport({ outboxDir }).describe()).toContain(outboxDir);
    await sendOne();
    const files = await readdir(outboxDir);
    const eml = files.filter((file) => file.endsWith(".eml"));
    expect(eml).toHaveLength(1);
    const raw = await readFile(path.join(outboxDir, eml[0]!), "utf8");
    expect(raw).toMatch(/^To: katherine@example\.test\r?$/m);
    expect(raw).toMatch(/Content-Type: multipart\/alternative/);
    expect(raw).toMatch(/Content-Type: text\/plain/);
    expect(raw).toMatch(/Content-Type: text\/html/);
  });

  it("describes an SMTP transport without its credentials", () => {
    const described = createMailTransport({ smtpUrl: "smtps://mailer:s3cret@mail.example.test:465?tls.rejectUnauthorized=false", outboxDir }).describe();
    expect(described).toContain("mail.example.test:465");
    expect(described).not.toContain("s3cret");
    expect(described).not.toContain("mailer");
  });
});

describe("dev outbox pages", () => {
  it("list the mails and show one as HTML, plain text or raw .eml", async () => {
    const email = await sendOne();
    const routes = createDevOutboxRoutes(outboxDir);
    const [file] = (await readdir(outboxDir)).filter((name) => name.endsWith(".eml"));

    const list = await routes.request("/");
    expect(list.status).toBe(200);
    const listHtml = await list.text();
    expect(listHtml).toContain('<html lang="en">');
    expect(listHtml).toContain("katherine@example.test");
    expect(listHtml).toContain(email.subject);
    expect(listHtml).toContain(`href="/${file}"`);
    expect(listHtml).toMatch(/<th scope="col">Date<\/th>/);
    expect(listHtml).toMatch(/<time dateTime="\d{4}-/);

    const view = await routes.request(`/${file}`);
    expect(view.status).toBe(200);
    const viewHtml = await view.text();
    expect(viewHtml).toContain(email.subject);
    expect(viewHtml).toMatch(/<iframe title="[^"]+" sandbox="[^"]*" srcDoc="[^"]*reset-password\/tok_91b2/);
    expect(viewHtml).not.toMatch(/sandbox="[^"]*allow-scripts/);
    expect(view.headers.get("content-security-policy")).toContain("default-src 'none'");

    const text = await routes.request(`/${file}?format=text`);
    expect(await text.text()).toContain(resetUrl);
    const raw = await routes.request(`/${file}?format=raw`);
    expect(raw.headers.get("content-type")).toContain("text/plain");
    expect(await raw.text()).toMatch(/^MIME-Version: 1\.0/m);
  });

  it("shows an empty outbox before the first mail", async () => {
    const response = await createDevOutboxRoutes(outboxDir).request("/");
    expect(response.status).toBe(200);
    expect(await response.text()).toContain("No e-mails yet");
  });

  it("refuses names that leave the folder or that the outbox never wrote", async () => {
    await sendOne();
    await writeFile(path.join(root, "secret.eml"), "Subject: do not show\r\n\r\ntop secret");
    await writeFile(path.join(outboxDir, "notes.eml"), "Subject: hand-made\r\n\r\nnot from the outbox");
    const routes = createDevOutboxRoutes(outboxDir);
    for (const attempt of [
      "/..%2Fsecret.eml",
      "/%2E%2E%2Fsecret.eml",
      "/..%5Csecret.eml",
      "/..%2F..%2Fetc%2Fpasswd",
      "/%2Fetc%2Fpasswd",
      "/notes.eml",
      "/notes.eml?format=raw",
      "/20250101T120000000Z-aaaaaaaaaaaa.eml",
      "/20250101T120000000Z-aaaaaaaaaaaa.eml?format=raw",
    ]) {
      const response = await routes.request(attempt);
      expect(response.status, attempt).toBe(404);
      const body = await response.text();
      expect(body, attempt).not.toContain("secret");
      expect(body, attempt).not.toContain("not from the outbox");
    }
  });
});
