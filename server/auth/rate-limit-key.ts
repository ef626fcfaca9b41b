import { isIPv4, isIPv6 } from "node:net";

/**
 * The key a per-address rate limit counts a client under. An IPv4 address is itself (also when it
 * comes IPv4-mapped, `::ffff:192.0.2.1`). An IPv6 address counts by its /64 network: one home or
 * phone gets a whole /64 and picks new addresses in it at will (privacy addresses), so keying on the
 * full address would give one client 2^64 allowances. Anything else ("local", "unknown") is kept.
 */
export function rateLimitKeyOf(address: string): string {
  const plain = address.trim().replace(/^\[|\]$/g, "");
  if (isIPv4(plain)) return plain;
  // A zone (`fe80::1%eth0`) names the local interface, not the client.
  const withoutZone = plain.split("%")[0] ?? "";
  if (!isIPv6(withoutZone)) return address;
  const groups = ipv6Groups(withoutZone.toLowerCase());
  if (isIpv4Mapped(groups)) return `${groups[6]! >> 8}.${groups[6]! & 0xff}.${groups[7]! >> 8}.${groups[7]! & 0xff}`;
  return `${groups
    .slice(0, 4)
    .map((group) => group.toString(16))
    .join(":")}::/64`;
}

/** The eight 16-bit groups of a valid IPv6 address (`::` expanded, a trailing dotted IPv4 folded in). */
function ipv6Groups(address: string): number[] {
  let text = address;
  const dotted = /(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = "", tail] = text.split("::");
  const parse = (part: string) => (part ? part.split(":").map((group) => parseInt(group, 16)) : []);
  const front = parse(head);
  const back = tail === undefined ? [] : parse(tail);
  return [...front, ...new Array<number>(8 - front.length - back.length).fill(0), ...back];
}

function isIpv4Mapped(groups: number[]): boolean {
  return groups.slice(0, 5).every((group) => group === 0) && groups[5] === 0xffff;
}
