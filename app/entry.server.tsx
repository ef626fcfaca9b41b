import { PassThrough, Writable } from "node:stream";
import { createReadableStreamFromReadable } from "@react-router/node";
import { isbot } from "isbot";
import type { RenderToPipeableStreamOptions } from "react-dom/server";
import { renderToPipeableStream } from "react-dom/server";
import { ServerRouter, type EntryContext, type RouterContextProvider } from "react-router";
import { webContext } from "../server/load-context";
import { installChunkReloadSource } from "./utils/chunk-reload";
import { CspNonceContext } from "./utils/csp-nonce";
import { enhanceStaticPageSource, isStaticRender } from "./utils/static-page";

/**
 * React Router's default Node entry (`npx react-router reveal`), plus the request's
 * Content-Security-Policy nonce (set by server/http/security-headers.ts, which also sends the
 * header): on React's own inline scripts, on React Router's (hydration data, `<Scripts>`,
 * `<ScrollRestoration>`) and, through CspNonceContext, on root.tsx's own inline script.
 */
export const streamTimeout = 5_000;

/**
 * The inline scripts whose text is the same on every page: the chunk-reload guard and a static
 * page's enhancement (decision 056). The server's Content-Security-Policy allows them by hash
 * (server/http/create-app.ts reads this export of the build), so a static page, which has no other
 * inline script, is rendered without the request's nonce and the page cache keeps it compressed
 * (decision 059). The text is taken from this build, exactly as the page writes it.
 */
export const fixedInlineScripts: readonly string[] = [installChunkReloadSource, enhanceStaticPageSource];

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  // https://httpwg.org/specs/rfc9110.html#HEAD
  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }
  const nonce = loadContext.get(webContext).cspNonce;
  const staticPage = isStaticRender(routerContext);
  // A page without hydration writes no nonce (fixedInlineScripts above): not on its own inline blocks,
  // nor on the links <Links> would give the router's. React keeps it for any script of its own.
  const pageNonce = staticPage ? undefined : nonce;

  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    const userAgent = request.headers.get("user-agent");
    // Crawlers wait for all content (React's advice for bots and static generation). So does a page
    // without hydration: it has nothing to stream later, and sent whole (one buffer, its length known)
    // it goes out without a web stream to the socket and is compressed in one call (decision 065).
    const whole = staticPage || (userAgent !== null && isbot(userAgent)) || routerContext.isSpaMode;
    const readyOption: keyof RenderToPipeableStreamOptions = whole ? "onAllReady" : "onShellReady";
    // Aborted after streamTimeout, leaving time to flush the rejected boundaries.
    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(() => abort(), streamTimeout + 1000);

    const { pipe, abort } = renderToPipeableStream(
      <CspNonceContext.Provider value={pageNonce}>
        {/* eslint-disable-next-line no-restricted-syntax -- a document request's own URL: React Router renders no `.data` request (decision 063). */}
        <ServerRouter context={routerContext} url={request.url} nonce={pageNonce} />
      </CspNonceContext.Provider>,
      {
        nonce,
        [readyOption]() {
          shellRendered = true;
          responseHeaders.set("Content-Type", "text/html");
          if (staticPage) {
            const chunks: Buffer[] = [];
            const collect = new Writable({
              write(chunk: Buffer, _encoding, callback) {
                chunks.push(chunk);
                callback();
              },
              final(callback) {
                clearTimeout(timeoutId);
                timeoutId = undefined;
                resolve(new Response(Buffer.concat(chunks), { headers: responseHeaders, status: responseStatusCode }));
                callback();
              },
            });
            pipe(collect);
            return;
          }
          const body = new PassThrough();
          // Cleared so the closure is not kept alive.
          body.once("finish", () => {
            clearTimeout(timeoutId);
            timeoutId = undefined;
          });
          const stream = createReadableStreamFromReadable(body);
          pipe(body);
          resolve(new Response(stream, { headers: responseHeaders, status: responseStatusCode }));
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          // Errors of the shell itself reject and are logged by React Router; these came later.
          if (shellRendered) console.error(error);
        },
      },
    );
  });
}
