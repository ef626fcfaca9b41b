import { createServer, type IncomingMessage, type RequestListener, type Server, type ServerResponse } from "node:http";

export type GracefulServer = {
  server: Server;
  /**
   * Stops accepting connections, lets the requests under way finish for up to `graceMs`, then cuts
   * whatever is left. Answers whether everything finished in time.
   */
  drain(graceMs: number): Promise<boolean>;
};

/**
 * An HTTP server that can be shut down without dropping work (decision 047). Keep-alive connections
 * would keep `server.close()` waiting until their clients hung up: idle ones are closed at once, busy
 * ones as soon as their answer is sent (it says `Connection: close`). A request that still arrives on
 * an open connection while draining gets a 503 before anything runs, never a half-done write.
 */
/** Longer than nginx's (60 s) and the common cloud balancers' (60–350 s are configurable; 60 s is their default) idle timeout. */
export const idleKeepAliveMs = 75_000;

export function createGracefulServer(listener: RequestListener): GracefulServer {
  let draining = false;
  const inFlight = new Set<ServerResponse>();

  const server = createServer((request: IncomingMessage, response: ServerResponse) => {
    if (draining) {
      response.writeHead(503, { "Content-Type": "text/plain; charset=utf-8", Connection: "close", "Retry-After": "5", "Cache-Control": "no-store" });
      response.end("The server is restarting. Please try again in a moment.");
      return;
    }
    inFlight.add(response);
    response.once("close", () => {
      inFlight.delete(response);
      // Its connection is idle now: close it instead of waiting for the client to.
      if (draining) setImmediate(() => server.closeIdleConnections());
    });
    void listener(request, response);
  });
  // A balancer keeps idle connections to us open and reuses them (nginx's upstream `keepalive`, 60 s by
  // default). Node's own 5 s idle timeout would close one just as nginx sends a request on it: nginx then
  // answers 502 for a POST (it cannot know whether we started it) and counts us as failed. Idle
  // connections stay open longer than any balancer's, which closes them first.
  server.keepAliveTimeout = idleKeepAliveMs;
  server.headersTimeout = idleKeepAliveMs + 1000;

  async function drain(graceMs: number): Promise<boolean> {
    draining = true;
    const closed = new Promise<void>((resolve) => server.close(() => resolve()));
    server.closeIdleConnections();
    for (const response of inFlight) if (!response.headersSent) response.setHeader("Connection", "close");
    let timer: NodeJS.Timeout | undefined;
    const timedOut = new Promise<true>((resolve) => (timer = setTimeout(() => resolve(true), graceMs)));
    const finishedInTime = (await Promise.race([closed.then(() => false as const), timedOut])) === false;
    clearTimeout(timer);
    if (!finishedInTime) {
      server.closeAllConnections();
      await closed;
    }
    return finishedInTime;
  }

  return { server, drain };
}
