/**
 * Text as Windows-1252 bytes ("ANSI"), the encoding DATEV's import reads (decision 069). Pure and
 * without a dependency: the code page is Latin-1 but for 27 characters in 0x80–0x9F. A character it
 * lacks loses its accents when that makes it fit (ć becomes c, ł becomes ?), else becomes `?`.
 */

const upperHalf: Record<string, number> = {
  "€": 0x80,
  "‚": 0x82,
  ƒ: 0x83,
  "„": 0x84,
  "…": 0x85,
  "†": 0x86,
  "‡": 0x87,
  ˆ: 0x88,
  "‰": 0x89,
  Š: 0x8a,
  "‹": 0x8b,
  Œ: 0x8c,
  Ž: 0x8e,
  "‘": 0x91,
  "’": 0x92,
  "“": 0x93,
  "”": 0x94,
  "•": 0x95,
  "–": 0x96,
  "—": 0x97,
  "˜": 0x98,
  "™": 0x99,
  š: 0x9a,
  "›": 0x9b,
  œ: 0x9c,
  ž: 0x9e,
  Ÿ: 0x9f,
};

function byteOf(character: string): number | undefined {
  const code = character.codePointAt(0) ?? 0;
  if (code < 0x80 || (code >= 0xa0 && code <= 0xff)) return code;
  return upperHalf[character];
}

/** The text as Windows-1252 bytes. */
export function encodeWindows1252(text: string): Uint8Array<ArrayBuffer> {
  const bytes: number[] = [];
  for (const character of text.normalize("NFC")) {
    const byte = byteOf(character);
    if (byte !== undefined) {
      bytes.push(byte);
      continue;
    }
    // Without its combining marks (ć → c, ő → o), when the base letter fits.
    const base = character.normalize("NFD").replace(/\p{M}/gu, "");
    const fallback = [...base].map(byteOf);
    if (base !== character && fallback.length > 0 && fallback.every((value) => value !== undefined)) bytes.push(...(fallback as number[]));
    else bytes.push(0x3f);
  }
  return Uint8Array.from(bytes);
}
