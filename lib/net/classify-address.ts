// Pure IP address classification for the server-side URL fetcher (lib/server/fetch/fetch-page.ts): which resolved
// addresses a request may connect to. No node:net: parsing is done here so the rules are testable byte by byte.

export type AddressKind =
  "public" | "loopback" | "private" | "link-local" | "cgnat" | "unique-local" | "multicast" | "unspecified" | "reserved" | "invalid";

export type AddressClass = {
  kind: AddressKind;
  family: 4 | 6 | 0;
  /** The IPv4 address an IPv6 form embeds (mapped ::ffff:a.b.c.d, compatible ::a.b.c.d, NAT64 64:ff9b::, 6to4). */
  embeddedIpv4?: string;
};

/** Kinds SNIPPET_LAB_FETCH_ALLOW_PRIVATE=1 opens (intranets, tests). Link-local stays closed: it holds cloud metadata. */
export const PRIVATE_KINDS: readonly AddressKind[] = ["loopback", "private", "cgnat", "unique-local"];

/** Dotted-quad IPv4 → 4 bytes (no shorthand forms like "127.1" or octal: resolvers never return them). */
export function parseIpv4(s: string): number[] | undefined {
  const parts = s.split(".");
  if (parts.length !== 4) return undefined;
  const out: number[] = [];
  for (const p of parts) {
    if (!/^\d{1,3}$/.test(p)) return undefined;
    const n = Number(p);
    if (n > 255) return undefined;
    out.push(n);
  }
  return out;
}

/** IPv6 text (with "::", an IPv4 tail, an optional %zone, optional brackets) → 16 bytes. */
export function parseIpv6(input: string): number[] | undefined {
  let s = input.startsWith("[") && input.endsWith("]") ? input.slice(1, -1) : input;
  const zone = s.indexOf("%");
  if (zone >= 0) s = s.slice(0, zone);
  if (!s.includes(":")) return undefined;
  const lastColon = s.lastIndexOf(":");
  const tailText = s.slice(lastColon + 1);
  if (tailText.includes(".")) {
    // An IPv4 tail is two 16-bit groups written in dotted form: rewrite it as hex and parse as usual.
    const v4 = parseIpv4(tailText);
    if (!v4) return undefined;
    const hex = (hi: number, lo: number) => ((hi << 8) | lo).toString(16);
    s = `${s.slice(0, lastColon + 1)}${hex(v4[0]!, v4[1]!)}:${hex(v4[2]!, v4[3]!)}`;
  }
  const halves = s.split("::");
  if (halves.length > 2) return undefined;
  const group = (part: string): number[] | undefined => {
    if (part === "") return [];
    const out: number[] = [];
    for (const g of part.split(":")) {
      if (!/^[0-9a-fA-F]{1,4}$/.test(g)) return undefined;
      const n = parseInt(g, 16);
      out.push(n >> 8, n & 0xff);
    }
    return out;
  };
  const head = group(halves[0]!);
  const rest = halves.length === 2 ? group(halves[1]!) : [];
  if (!head || !rest) return undefined;
  const given = head.length + rest.length;
  if (halves.length === 1) return given === 16 ? head : undefined;
  if (given > 14) return undefined; // "::" stands for at least one zero group
  return [...head, ...new Array<number>(16 - given).fill(0), ...rest];
}

function classifyIpv4(b: readonly number[]): AddressKind {
  const [a, c] = [b[0]!, b[1]!];
  if (a === 0) return "unspecified"; // 0.0.0.0/8 "this network" (0.0.0.0 reaches localhost on Linux)
  if (a === 127) return "loopback";
  if (a === 10) return "private";
  if (a === 172 && c >= 16 && c <= 31) return "private";
  if (a === 192 && c === 168) return "private";
  if (a === 100 && c >= 64 && c <= 127) return "cgnat";
  if (a === 169 && c === 254) return "link-local";
  if (a >= 224 && a <= 239) return "multicast";
  if (a >= 240) return "reserved"; // 240/4 and the broadcast address
  if (a === 192 && c === 0 && b[2] === 0) return "reserved"; // IETF protocol assignments
  if (a === 192 && c === 0 && b[2] === 2) return "reserved"; // documentation
  if (a === 198 && (c === 18 || c === 19)) return "reserved"; // benchmarking
  if (a === 198 && c === 51 && b[2] === 100) return "reserved";
  if (a === 203 && c === 0 && b[2] === 113) return "reserved";
  return "public";
}

const v4text = (b: readonly number[]) => b.join(".");

/**
 * Classifies an IP address literal. IPv6 forms that embed an IPv4 address (IPv4-mapped ::ffff:0:0/96, the deprecated
 * IPv4-compatible ::/96, NAT64 64:ff9b::/96, 6to4 2002::/16) take the class of the embedded address, so
 * "::ffff:127.0.0.1" is loopback. Anything that does not parse is "invalid".
 */
export function classifyAddress(address: string): AddressClass {
  const v4 = parseIpv4(address);
  if (v4) return { kind: classifyIpv4(v4), family: 4 };
  const b = parseIpv6(address);
  if (!b) return { kind: "invalid", family: 0 };
  const zeros = (from: number, to: number) => b.slice(from, to).every((x) => x === 0);
  if (zeros(0, 16)) return { kind: "unspecified", family: 6 };
  if (zeros(0, 15) && b[15] === 1) return { kind: "loopback", family: 6 };
  const embedded = (bytes: number[]): AddressClass => ({ kind: classifyIpv4(bytes), family: 6, embeddedIpv4: v4text(bytes) });
  if (zeros(0, 10) && b[10] === 0xff && b[11] === 0xff) return embedded(b.slice(12, 16));
  if (zeros(0, 12)) return embedded(b.slice(12, 16));
  if (b[0] === 0x00 && b[1] === 0x64 && b[2] === 0xff && b[3] === 0x9b && zeros(4, 12)) return embedded(b.slice(12, 16));
  if (b[0] === 0x20 && b[1] === 0x02) return embedded(b.slice(2, 6));
  if (b[0] === 0xff) return { kind: "multicast", family: 6 };
  if (b[0] === 0xfe && (b[1]! & 0xc0) === 0x80) return { kind: "link-local", family: 6 };
  if (b[0] === 0xfe && (b[1]! & 0xc0) === 0xc0) return { kind: "private", family: 6 }; // deprecated site-local fec0::/10
  if ((b[0]! & 0xfe) === 0xfc) return { kind: "unique-local", family: 6 };
  if (b[0] === 0x20 && b[1] === 0x01 && b[2] === 0x0d && b[3] === 0xb8) return { kind: "reserved", family: 6 }; // documentation
  if (b[0] === 0x01 && zeros(1, 8)) return { kind: "reserved", family: 6 }; // discard-only 100::/64
  return { kind: "public", family: 6 };
}

export type AddressCheck = { ok: true; kind: AddressKind } | { ok: false; kind: AddressKind; reason: string };

/**
 * May a request connect to `address`? Public addresses always; PRIVATE_KINDS only with `allowPrivate`; exact
 * addresses in `allowedAddresses` always (tests, a known intranet host). Everything else never.
 */
export function checkAddress(address: string, opts: { allowPrivate?: boolean; allowedAddresses?: readonly string[] } = {}): AddressCheck {
  const c = classifyAddress(address);
  if (c.kind === "public") return { ok: true, kind: c.kind };
  if (c.kind !== "invalid" && opts.allowedAddresses?.includes(address)) return { ok: true, kind: c.kind };
  if (opts.allowPrivate && PRIVATE_KINDS.includes(c.kind)) return { ok: true, kind: c.kind };
  const via = c.embeddedIpv4 ? ` (embeds ${c.embeddedIpv4})` : "";
  const hint = PRIVATE_KINDS.includes(c.kind) ? "; set SNIPPET_LAB_FETCH_ALLOW_PRIVATE=1 to allow intranet addresses" : "";
  return { ok: false, kind: c.kind, reason: `${address}${via} is a ${c.kind} address${hint}` };
}
