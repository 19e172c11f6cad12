/**
 * The order en-NZ puts names in (regions, branches), written as a rule instead of
 * `localeCompare(…, 'en-NZ')`. The first such call on a page builds an ICU collator and loads its
 * data, 60-100 ms at a phone's 4x slower CPU, and every call with options builds another (a sort of
 * 71 branch names, 20-30 ms): inside the first render of every rep page (docs/performance.md). The
 * tests compare the rule with `localeCompare` over names and thousands of generated strings.
 *
 * The rule is Unicode collation's three levels as ICU's root order, which en-NZ uses, has them for
 * names written in Latin letters: first the letters without their accents or case, then the accents
 * (none first), then the case (lower first). Spaces, punctuation and symbols come before digits, and
 * digits before letters.
 */

/** Spaces, punctuation and symbols in ICU's root order (all of them before the digits). */
const SYMBOL_ORDER = ' _-,;:!?.\'"()[]{}@*/\\&#%`^+<=>|~$';
const DIGITS_FROM = 1_000;
const LETTERS_FROM = 2_000;
/** A letter outside a-z once its accents are set aside (æ, ø, ß…): after them, by code point. */
const OTHERS_FROM = 3_000;

/** One letter as collation sees it: its base, lowercased; its accents; whether it was a capital. */
interface Unit {
  weight: number;
  accents: string;
  upper: boolean;
}

function primaryWeight(base: string): number {
  const symbol = SYMBOL_ORDER.indexOf(base);
  if (symbol >= 0) return symbol;
  const code = base.codePointAt(0) ?? 0;
  if (WHITESPACE.has(code)) return 0;
  if (base >= '0' && base <= '9') return DIGITS_FROM + code;
  if (base >= 'a' && base <= 'z') return LETTERS_FROM + code;
  return OTHERS_FROM + code;
}

/** Tab, line breaks, no-break space: spaces, like ' '. */
const WHITESPACE = new Set([0x09, 0x0a, 0x0b, 0x0c, 0x0d, 0x20, 0x85, 0xa0]);

/** Unicode's blocks of combining accents (a macron is U+0304). */
const ACCENT_BLOCKS: readonly (readonly [number, number])[] = [
  [0x0300, 0x036f],
  [0x1ab0, 0x1aff],
  [0x1dc0, 0x1dff],
  [0x20d0, 0x20ff],
  [0xfe20, 0xfe2f],
];
const isAccent = (code: number) => ACCENT_BLOCKS.some(([from, to]) => code >= from && code <= to);

/**
 * The text's letters: each base character with the combining accents that follow it. Read a
 * character at a time, as a sort asks for this twice per comparison.
 */
function units(text: string): Unit[] {
  const found: Unit[] = [];
  for (const char of text.normalize('NFD')) {
    const code = char.codePointAt(0) ?? 0;
    const last = found.at(-1);
    if (last && isAccent(code)) {
      last.accents += char;
      continue;
    }
    const lower = char.toLowerCase();
    found.push({ weight: primaryWeight(lower), accents: '', upper: lower !== char });
  }
  return found;
}

/** The first difference of `level` between the two, a shorter text first where one is the other's start. */
function compareLevel(a: Unit[], b: Unit[], level: (unit: Unit) => number | string): number {
  for (let index = 0; index < Math.min(a.length, b.length); index += 1) {
    const left = level(a[index]!);
    const right = level(b[index]!);
    if (left !== right) return left < right ? -1 : 1;
  }
  return Math.sign(a.length - b.length);
}

/**
 * -1, 0 or 1 as `a` sorts before, with or after `b` in en-NZ: `localeCompare(b, 'en-NZ')`, or with
 * `sensitivity: 'base'` where only the letters count (accents and case set aside).
 */
export function compareNames(a: string, b: string, sensitivity: 'variant' | 'base' = 'variant'): number {
  if (a === b) return 0;
  const left = units(a);
  const right = units(b);
  const letters = compareLevel(left, right, (unit) => unit.weight);
  if (letters !== 0 || sensitivity === 'base') return letters;
  return (
    compareLevel(left, right, (unit) => unit.accents) ||
    compareLevel(left, right, (unit) => (unit.upper ? 1 : 0))
  );
}
