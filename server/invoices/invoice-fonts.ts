import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import type * as fontkit from "fontkit";
import { loadedPdfLibraries } from "./pdf-libraries";

/**
 * The invoice's fonts as a fallback chain (docs/decisions/025-invoice-fonts-vat-and-due-dates.md): a
 * name is printed as typed whatever its script. Text is split into runs by which font has each
 * letter's glyph, and pdfkit switches the font per run. All fonts come from the npm registry (so an
 * install is enough, no system fonts): DejaVu Sans for Latin, Greek, Cyrillic, Hebrew and the
 * symbols; Noto Sans Arabic and Thai for their scripts (fontkit shapes them: Arabic joining and
 * right-to-left order, Thai marks); Noto Sans SC for every CJK ideograph and kana; Noto Sans KR for
 * Hangul; Noto Emoji (monochrome: a legal document prints in one ink) for pictographs and flags.
 * A letter no font has becomes "□", so a reader still sees that something stood there.
 */
export type FontWeight = "regular" | "bold";

type Face = {
  key: string;
  files: Record<FontWeight, string>;
  /** A script font takes the letters of its script first, before the general fonts do. */
  prefers?: RegExp;
};

const requireFromHere = createRequire(import.meta.url);
const expoFont = (family: string, file: string) => requireFromHere.resolve(`@expo-google-fonts/${family}/${file}`);

const faces: Face[] = [
  {
    key: "emoji",
    files: { regular: expoFont("noto-emoji", "400Regular/NotoEmoji_400Regular.ttf"), bold: expoFont("noto-emoji", "700Bold/NotoEmoji_700Bold.ttf") },
    prefers: /\p{Extended_Pictographic}|\p{Emoji_Modifier}|\p{Regional_Indicator}|\u20e3/u,
  },
  {
    key: "arabic",
    files: {
      regular: expoFont("noto-sans-arabic", "400Regular/NotoSansArabic_400Regular.ttf"),
      bold: expoFont("noto-sans-arabic", "700Bold/NotoSansArabic_700Bold.ttf"),
    },
    prefers: /\p{Script=Arabic}/u,
  },
  {
    key: "thai",
    files: {
      regular: expoFont("noto-sans-thai", "400Regular/NotoSansThai_400Regular.ttf"),
      bold: expoFont("noto-sans-thai", "700Bold/NotoSansThai_700Bold.ttf"),
    },
    prefers: /\p{Script=Thai}/u,
  },
  {
    key: "dejavu",
    files: {
      regular: requireFromHere.resolve("dejavu-fonts-ttf/ttf/DejaVuSans.ttf"),
      bold: requireFromHere.resolve("dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf"),
    },
  },
  {
    key: "cjk",
    files: { regular: expoFont("noto-sans-sc", "400Regular/NotoSansSC_400Regular.ttf"), bold: expoFont("noto-sans-sc", "700Bold/NotoSansSC_700Bold.ttf") },
    prefers: /\p{Script=Han}|\p{Script=Hiragana}|\p{Script=Katakana}/u,
  },
  {
    key: "hangul",
    files: { regular: expoFont("noto-sans-kr", "400Regular/NotoSansKR_400Regular.ttf"), bold: expoFont("noto-sans-kr", "700Bold/NotoSansKR_700Bold.ttf") },
    prefers: /\p{Script=Hangul}/u,
  },
];

/** The font every text starts in, and the one that prints "□". */
const primary = "dejavu";
export const replacementGlyph = "\u25a1";

/** Font bytes and their parsed cmap, read once per process and only for the fonts a text needs (the CJK files are 10 MB). */
const loaded = new Map<string, { bytes: Buffer; font: fontkit.Font }>();
function loadFace(face: Face, weight: FontWeight) {
  const id = fontName(face.key, weight);
  let entry = loaded.get(id);
  if (!entry) {
    const bytes = readFileSync(face.files[weight]);
    const font = loadedPdfLibraries().fontkit.create(bytes);
    if (!("hasGlyphForCodePoint" in font)) throw new Error(`${face.files[weight]} is a font collection, not a font`);
    entry = { bytes, font };
    loaded.set(id, entry);
  }
  return entry;
}

const fontName = (key: string, weight: FontWeight) => `${key}-${weight}`;

/** Marks, joiners and selectors belong to the letter before them: they never start a run of their own. */
const attached = /\p{M}|\u200c|\u200d|\p{Variation_Selector}|\p{Emoji_Modifier}/u;
const lineBreaks = /[\n\r]/u;
/** Spaces, digits and punctuation are shared by scripts: they stay in the run they follow while its font has them. */
const shared = /\p{Script=Common}|\p{Script=Inherited}/u;

export type FontRun = { font: string; text: string };

/**
 * Splits a text into runs of one font each. A letter goes to the first script font that prefers it
 * and has it, else stays in the current run when it is shared and the run's font has it, else to the
 * first font of the chain that has it; a letter no font has becomes "□" in the primary font.
 */
export function fontRuns(text: string, weight: FontWeight): FontRun[] {
  const runs: { face: Face; text: string }[] = [];
  const has = (face: Face, codePoint: number) => loadFace(face, weight).font.hasGlyphForCodePoint(codePoint);
  const primaryFace = faces.find((face) => face.key === primary);
  if (!primaryFace) throw new Error("the primary font is missing from the chain");
  for (const letter of text) {
    const codePoint = letter.codePointAt(0) ?? 0;
    const current = runs.at(-1);
    if (current && (attached.test(letter) || lineBreaks.test(letter))) {
      current.text += letter;
      continue;
    }
    if (lineBreaks.test(letter)) {
      runs.push({ face: primaryFace, text: letter });
      continue;
    }
    // Script fonts carry digits and spaces too (Noto Emoji has "0"–"9" for keycaps): they take only their own letters.
    const face =
      faces.find((candidate) => candidate.prefers?.test(letter) && has(candidate, codePoint)) ??
      (current && shared.test(letter) && has(current.face, codePoint) ? current.face : undefined) ??
      faces.find((candidate) => !candidate.prefers && has(candidate, codePoint)) ??
      faces.find((candidate) => has(candidate, codePoint));
    const [chosen, printed] = face ? [face, letter] : [primaryFace, replacementGlyph];
    if (current?.face === chosen) current.text += printed;
    else runs.push({ face: chosen, text: printed });
  }
  return runs.map((run) => ({ font: fontName(run.face.key, weight), text: run.text }));
}

/**
 * Sets a run's font on a pdfkit document, registering it (from the bytes already read) the first time
 * this document uses it: a document embeds, as subsets, only the fonts its texts need.
 */
export function setInvoiceFont(doc: PDFKit.PDFDocument, name: string): void {
  let registered = registeredIn.get(doc);
  if (!registered) {
    registered = new Set();
    registeredIn.set(doc, registered);
  }
  if (!registered.has(name)) {
    const face = faces.find((candidate) => name === fontName(candidate.key, "regular") || name === fontName(candidate.key, "bold"));
    if (!face) throw new Error(`no font ${name} in the invoice's chain`);
    doc.registerFont(name, loadFace(face, name.endsWith("-bold") ? "bold" : "regular").bytes);
    registered.add(name);
  }
  doc.font(name);
}
const registeredIn = new WeakMap<PDFKit.PDFDocument, Set<string>>();

export const primaryFont = (weight: FontWeight) => fontName(primary, weight);

/**
 * The primary font's ascent as a share of the font size. Every run is set on the primary font's
 * baseline (pdfkit would put each font's top at the line's top, so a CJK or Arabic run would sit
 * higher or lower than the Latin beside it).
 */
export function primaryAscent(weight: FontWeight): number {
  const primaryFace = faces.find((face) => face.key === primary);
  if (!primaryFace) throw new Error("the primary font is missing from the chain");
  const { font } = loadFace(primaryFace, weight);
  return font.ascent / font.unitsPerEm;
}
