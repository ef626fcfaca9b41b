import { BlockList, isIP } from "node:net";
import { getConnInfo } from "@hono/node-server/conninfo";
import type { Context } from "hono";

/**
 * Which peers may tell us the request's scheme, host and client address (env TRUST_PROXY,
 * docs/decisions/009). Off by default: then X-Forwarded-* headers are anybody's words and ignored.
 * - `true`: every peer and every hop is trusted (the client is the leftmost X-Forwarded-For entry);
 * - a hop count `n`: the socket's peer and the n-1 hops before it are proxies;
 * - a list of addresses and CIDR ranges (`loopback` for 127.0.0.0/8 and ::1): those are proxies.
 */
export type TrustProxy = { mode: "off" } | { mode: "all" } | { mode: "hops"; hops: number } | { mode: "addresses"; list: BlockList; description: string };

export function parseTrustProxy(value: string | undefined): TrustProxy {
  const text = value?.trim().toLowerCase() ?? "";
  if (text === "" || text === "false" || text === "0") return { mode: "off" };
  if (text === "true") return { mode: "all" };
  if (/^\d+$/.test(text)) {
    const hops = Number(text);
    if (hops > 100) throw new Error("TRUST_PROXY: a hop count above 100 is not a real proxy chain");
    return { mode: "hops", hops };
  }
  const list = new BlockList();
  for (const entry of text.split(",").map((part) => part.trim())) {
    if (entry === "loopback") {
      list.addSubnet("127.0.0.0", 8, "ipv4");
      list.addAddress("::1", "ipv6");
      continue;
    }
    const [address = "", prefix, ...rest] = entry.split("/");
    const family = isIP(address);
    if (!family || rest.length > 0) throw new Error(`TRUST_PROXY: "${entry}" is neither true/false, a hop count, an address, a CIDR range nor "loopback"`);
    const type = family === 4 ? "ipv4" : "ipv6";
    if (prefix === undefined) {
      list.addAddress(address, type);
      continue;
    }
    const bits = Number(prefix);
    if (!/^\d+$/.test(prefix) || bits > (family === 4 ? 32 : 128)) throw new Error(`TRUST_PROXY: "${entry}" has an invalid prefix length`);
    list.addSubnet(address, bits, type);
  }
  return { mode: "addresses", list, description: text };
}

/** `::ffff:127.0.0.1` (an IPv4 peer on a dual-stack socket) is 127.0.0.1; `[::1]:443` and `1.2.3.4:80` lose their port. */
export function normalizeAddress(raw: string): string {
  let address = raw.trim();
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(address);
  if (bracketed?.[1]) address = bracketed[1];
  else if (/^\d{1,3}(\.\d{1,3}){3}:\d+$/.test(address)) address = address.slice(0, address.lastIndexOf(":"));
  if (/^::ffff:\d{1,3}(\.\d{1,3}){3}$/i.test(address)) address = address.slice("::ffff:".length);
  // Whatever a client wrote there becomes a rate-limit key at most: keep it short.
  return address.slice(0, 64);
}

function isTrustedHop(trust: TrustProxy, address: string, hopsFromServer: number): boolean {
  switch (trust.mode) {
    case "off":
      return false;
    case "all":
      return true;
    case "hops":
      return hopsFromServer < trust.hops;
    case "addresses": {
      const family = isIP(address);
      return family !== 0 && trust.list.check(address, family === 4 ? "ipv4" : "ipv6");
    }
  }
}

/** The values of a header that proxies append to (`a, b, c`), left to right. */
function listHeader(request: Request, name: string): string[] {
  return (request.headers.get(name) ?? "")
    .split(",")
    .map((part) => part.trim())
    .filter(Boolean);
}

const hostPattern = /^(?:[a-z0-9-]+(?:\.[a-z0-9-]+)*|\[[0-9a-f:.]+\])(?::\d{1,5})?$/i;

/** A host[:port] that makes a URL: the pattern lets `a.test:99999` or `[:::]` through, which URL refuses. */
function isValidHost(host: string): boolean {
  if (!hostPattern.test(host)) return false;
  try {
    new URL(`http://${host}`);
    return true;
  } catch {
    return false;
  }
}

export type ForwardedView = {
  /** The URL the visitor's browser asked for: public scheme and host, the request's path and query. */
  url: string;
  /** The address rate limits key on. */
  clientAddress: string;
};

/**
 * How the request looked before any proxy. From a trusted peer, the scheme and host come from
 * X-Forwarded-Proto/-Host (the last value: the one our own proxy wrote) and the client is the
 * rightmost X-Forwarded-For hop that is not itself a trusted proxy. From anyone else, the request is
 * what the socket saw; only its scheme follows PUBLIC_URL, whose https says how every visitor
 * reaches the site (this server speaks plain http, so a public https site is always behind a proxy).
 */
export function forwardedView(request: Request, peerAddress: string | undefined, trust: TrustProxy, publicOrigin?: string): ForwardedView {
  const url = new URL(request.url);
  const peer = normalizeAddress(peerAddress ?? "") || "unknown";
  let scheme = publicOrigin ? new URL(publicOrigin).protocol.slice(0, -1) : url.protocol.slice(0, -1);
  let host = request.headers.get("host") ?? url.host;
  let clientAddress = peer;
  if (isTrustedHop(trust, peer, 0)) {
    const hops = [...listHeader(request, "x-forwarded-for").map(normalizeAddress), peer];
    clientAddress = hops[0] ?? peer;
    for (let index = hops.length - 1; index >= 0; index -= 1) {
      const hop = hops[index] ?? "";
      if (!isTrustedHop(trust, hop, hops.length - 1 - index)) {
        clientAddress = hop;
        break;
      }
    }
    const forwardedScheme = listHeader(request, "x-forwarded-proto").at(-1)?.toLowerCase();
    if (forwardedScheme === "http" || forwardedScheme === "https") scheme = forwardedScheme;
    const forwardedHost = listHeader(request, "x-forwarded-host").at(-1);
    if (forwardedHost && isValidHost(forwardedHost)) host = forwardedHost;
  }
  if (!isValidHost(host)) host = url.host;
  // Built afresh (assigning `host` keeps the old port when the new host has none), and the path
  // set on its own: resolved as a reference, a path like `//elsewhere` would change the host.
  const publicUrl = new URL(`${scheme}://${host}`);
  publicUrl.pathname = url.pathname;
  publicUrl.search = url.search;
  return { url: publicUrl.toString(), clientAddress };
}

/** The request with another URL, same method, headers and (streamed, unread) body. */
export function withUrl(request: Request, url: string): Request {
  const init: RequestInit & { duplex?: "half" } = {
    method: request.method,
    headers: request.headers,
    signal: request.signal,
    redirect: request.redirect,
  };
  if (request.body) {
    init.body = request.body;
    init.duplex = "half";
  }
  return new Request(url, init);
}

/**
 * Keyed by the context's request wrapper, not the raw Request: a body limit that has read a chunked
 * body replaces `c.req.raw`, and the client must keep its address (and rate-limit key) all the same.
 */
const clientAddresses = new WeakMap<object, string>();

/** Remembers the client address computed for a request, for clientAddressOf below. */
export function rememberClientAddress(c: Context, address: string) {
  clientAddresses.set(c.req, address);
}

/** The address of the socket the request came in on: the proxy's, when there is one. */
export function socketAddress(c: Context): string | undefined {
  try {
    return getConnInfo(c).remote.address;
  } catch {
    return undefined; // called in process (tests): no socket
  }
}

/**
 * The client's address for rate limits, wherever one is needed (pages get it as
 * `context.clientAddress`): the one createApp's first step computed from the socket and the trusted
 * proxies' X-Forwarded-For; else the socket's own, or "local" in process (tests).
 */
export function clientAddressOf(c: Context): string {
  return clientAddresses.get(c.req) ?? socketAddress(c) ?? "local";
}
