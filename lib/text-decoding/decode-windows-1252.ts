// WHATWG index-windows-1252 for 0x80–0x9F (every other byte is its own code point; 0x81, 0x8D, 0x8F, 0x90 and 0x9D
// map to the C1 controls of the same value).
const HIGH = [
  0x20ac, 0x81, 0x201a, 0x192, 0x201e, 0x2026, 0x2020, 0x2021, 0x2c6, 0x2030, 0x160, 0x2039, 0x152, 0x8d, 0x17d, 0x8f, 0x90, 0x2018, 0x2019, 0x201c,
  0x201d, 0x2022, 0x2013, 0x2014, 0x2dc, 0x2122, 0x161, 0x203a, 0x153, 0x9d, 0x17e, 0x178,
];

/**
 * windows-1252 (also what "latin1", "iso-8859-1" and "ascii" mean on the web) decoded by table. Node's own
 * TextDecoder since 20.18.3/22.13.0 decodes it as ISO-8859-1, turning ’ € — into C1 controls
 * (nodejs/node#60888, #56542); browsers are right. This one is right in both.
 */
export function decodeWindows1252(bytes: Uint8Array): string {
  const parts: string[] = [];
  const units = new Uint16Array(8192);
  for (let start = 0; start < bytes.length; start += units.length) {
    const end = Math.min(bytes.length, start + units.length);
    for (let i = start; i < end; i++) {
      const b = bytes[i]!;
      units[i - start] = b >= 0x80 && b <= 0x9f ? HIGH[b - 0x80]! : b;
    }
    parts.push(String.fromCharCode.apply(null, units.subarray(0, end - start) as unknown as number[]));
  }
  return parts.join("");
}
