import { Hono } from "hono";
import { trimTrailingSlash } from "hono/trailing-slash";
import type { ReactNode } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { brandColors } from "./email-layout";
import { isOutboxFileName, listOutboxEntries, readOutboxEml, readOutboxEntry, type OutboxEntry, type OutboxSummary } from "./outbox-folder";

/**
 * Development-only pages over the outbox folder: `GET /` lists the mails, `GET /:file` shows one
 * (`?format=text` the plain-text part, `?format=raw` the whole .eml). Mount it only outside
 * production; it shows every mail the site sent, tokens included.
 */
export function createDevOutboxRoutes(outboxDir: string): Hono {
  const app = new Hono();

  app.use(async (c, next) => {
    await next();
    c.header("Cache-Control", "no-store");
    c.header("X-Robots-Tag", "noindex");
    c.header("X-Content-Type-Options", "nosniff");
    // The mail HTML is shown in a sandboxed iframe; nothing on these pages needs scripts.
    c.header(
      "Content-Security-Policy",
      "default-src 'none'; style-src 'unsafe-inline'; img-src https: data:; frame-src 'self'; frame-ancestors 'self'; base-uri 'none'; form-action 'none'",
    );
  });

  // Mounted with app.route("/dev/outbox", …), "/" matches only "/dev/outbox"; "/dev/outbox/" is redirected there.
  app.use(trimTrailingSlash());

  app.get("/", async (c) => {
    const entries = await listOutboxEntries(outboxDir);
    return c.html(page("Dev outbox", <OutboxList base={folderOf(c.req.path, true)} entries={entries} />));
  });

  app.get("/:file", async (c) => {
    const file = c.req.param("file");
    // Only names the outbox itself writes are accepted: no separators, no dots but the extension.
    const base = folderOf(c.req.path, false);
    if (!isOutboxFileName(file)) return c.html(page("Not found", <NotFound base={base} />), 404);
    const format = c.req.query("format");
    if (format === "raw") {
      const eml = await readOutboxEml(outboxDir, file);
      if (!eml) return c.html(page("Not found", <NotFound base={base} />), 404);
      return c.body(new Uint8Array(eml), 200, { "Content-Type": "text/plain; charset=utf-8" });
    }
    const entry = await readOutboxEntry(outboxDir, file);
    if (!entry) return c.html(page("Not found", <NotFound base={base} />), 404);
    if (format === "text") return c.text(entry.text);
    return c.html(page(entry.subject, <OutboxMail base={base} entry={entry} />));
  });

  return app;
}

/**
 * Links are absolute paths built from the request, so they work wherever the app is mounted and
 * whether or not the list was opened with a trailing slash.
 */
function folderOf(requestPath: string, isFolder: boolean): string {
  if (isFolder) return requestPath.endsWith("/") ? requestPath : `${requestPath}/`;
  return requestPath.replace(/[^/]*$/, "");
}

const dateFormat = new Intl.DateTimeFormat("en-GB", { dateStyle: "medium", timeStyle: "medium", timeZone: "UTC" });

const css = `
  :root { color-scheme: light; }
  body { margin: 0; font-family: system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; color: ${brandColors.ink}; background: ${brandColors.page}; }
  header { background: ${brandColors.navy}; color: #fff; border-bottom: 4px solid ${brandColors.gold}; padding: 16px 24px; }
  header p { margin: 0; font-weight: 700; }
  main { max-width: 1100px; margin: 0 auto; padding: 24px; }
  h1 { color: ${brandColors.navy}; font-size: 1.5rem; margin: 0 0 16px; }
  a { color: ${brandColors.navy}; }
  a:focus-visible { outline: 3px solid ${brandColors.gold}; outline-offset: 2px; }
  table { width: 100%; border-collapse: collapse; background: #fff; }
  caption { text-align: left; padding: 0 0 8px; color: ${brandColors.muted}; }
  th, td { text-align: left; padding: 10px 12px; border-bottom: 1px solid #e3e6ec; vertical-align: top; }
  th { background: #e9ecf2; font-size: 0.875rem; }
  td.actions a { margin-right: 12px; white-space: nowrap; }
  dl { display: grid; grid-template-columns: max-content 1fr; gap: 4px 16px; margin: 0 0 16px; }
  dt { font-weight: 700; }
  dd { margin: 0; overflow-wrap: anywhere; }
  iframe { width: 100%; height: 75vh; border: 1px solid #e3e6ec; background: #fff; }
  .links a { margin-right: 16px; }
`;

function page(title: string, body: ReactNode): string {
  return `<!doctype html>${renderToStaticMarkup(
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <title>{`${title} · Dev outbox`}</title>
        <style>{css}</style>
      </head>
      <body>
        <header>
          <p>Trackside &amp; Fairway Events · development outbox</p>
        </header>
        <main>{body}</main>
      </body>
    </html>,
  )}`;
}

function Time({ iso }: { iso: string }) {
  return <time dateTime={iso}>{`${dateFormat.format(new Date(iso))} UTC`}</time>;
}

function OutboxList({ base, entries }: { base: string; entries: OutboxSummary[] }) {
  return (
    <>
      <h1>Dev outbox</h1>
      {entries.length === 0 ? (
        <p>No e-mails yet. Mails the site sends while SMTP_URL is unset appear here.</p>
      ) : (
        <table>
          <caption>{`${entries.length} e-mail${entries.length === 1 ? "" : "s"}, newest first`}</caption>
          <thead>
            <tr>
              <th scope="col">Date</th>
              <th scope="col">To</th>
              <th scope="col">Subject</th>
              <th scope="col">Other formats</th>
            </tr>
          </thead>
          <tbody>
            {entries.map((entry) => (
              <tr key={entry.file}>
                <td>
                  <Time iso={entry.date} />
                </td>
                <td>{entry.to}</td>
                <td>
                  <a href={`${base}${entry.file}`}>{entry.subject}</a>
                </td>
                <td className="actions">
                  <a href={`${base}${entry.file}?format=text`} aria-label={`Plain text of “${entry.subject}” to ${entry.to}`}>
                    Plain text
                  </a>
                  <a href={`${base}${entry.file}?format=raw`} aria-label={`Raw .eml of “${entry.subject}” to ${entry.to}`}>
                    Raw .eml
                  </a>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </>
  );
}

function OutboxMail({ base, entry }: { base: string; entry: OutboxEntry }) {
  return (
    <>
      <p>
        <a href={base}>← All e-mails</a>
      </p>
      <h1>{entry.subject}</h1>
      <dl>
        <dt>Date</dt>
        <dd>
          <Time iso={entry.date} />
        </dd>
        <dt>From</dt>
        <dd>{entry.from}</dd>
        <dt>To</dt>
        <dd>{entry.to}</dd>
      </dl>
      <p className="links">
        <a href={`${base}${entry.file}?format=text`}>Plain text</a>
        <a href={`${base}${entry.file}?format=raw`}>Raw .eml</a>
      </p>
      {/*
        No allow-scripts (and the page's CSP allows none): the mail's HTML cannot run code, submit forms
        or navigate this page, so allow-same-origin is harmless; without it headless Chromium showed the
        frame blank. The popups let its target="_blank" links (a verification link) open in a new tab.
      */}
      <iframe title={`HTML part of “${entry.subject}”`} sandbox="allow-same-origin allow-popups allow-popups-to-escape-sandbox" srcDoc={entry.html} />
    </>
  );
}

function NotFound({ base }: { base: string }) {
  return (
    <>
      <h1>Not found</h1>
      <p>
        There is no such e-mail in the outbox. <a href={base}>Back to all e-mails</a>
      </p>
    </>
  );
}
