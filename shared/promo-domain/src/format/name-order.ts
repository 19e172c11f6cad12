/**
 * The order en-NZ puts names in (regions, branches), written as a rule instead of
 * `localeCompare(…, 'en-NZ')`. The first such call on a page builds an ICU collator and loads its
 * data, 60-100 ms at a phone's 4x slower CPU, and every call with options builds another (a sort of
 * 71 branch names, 20-30 ms): inside the first render of every rep page (docs/performance.md). The
 * tests compare the rule with `Intl.Collator` over names and thousands of generated strings.
 *
 * The rule is Unicode collation's three levels as ICU's root order, which en-NZ uses, has them for
 * names in Latin letters: first the letters without their accents or case, then the accents (none
 * first), then the case (lower first). Spaces, punctuation and symbols come before digits, and
 * digits before letters.
 */

/** Spaces, punctuation and symbols in ICU's root order (all of them before the digits). */
const SYMBOLS = ' _-,;:!?.\'"()[]{}@*/\\&#%`^+<=>|~$';
const SYMBOL = /[ _\-,;:!?.'"()[\]{}@*/\\&#%`^+<=>|~$]/g;
/** The combining accents Latin letters decompose into (a macron is U+0304). */
const ACCENT = /[\u0300-\u036f]/g;
const NOT_ACCENT = /[^\u0300-\u036f]/g;

/**
 * A name's three keys, each compared as a plain string: its letters lowercased with each symbol
 * replaced by a character below the digits in the symbols' order; its accents, each letter as
 * U+0000 followed by its own; its case, a capital as U+0001.
 */
function nameKeys(name: string): [string, string, string] {
  const decomposed = name.normalize('NFD');
  const letters = decomposed.replace(ACCENT, '');
  return [
    letters.toLowerCase().replace(SYMBOL, (symbol) => String.fromCharCode(1 + SYMBOLS.indexOf(symbol))),
    decomposed.replace(NOT_ACCENT, '\0'),
    letters.replace(/./gsu, (letter) => (letter === letter.toLowerCase() ? '\0' : '\u0001')),
  ];
}

/**
 * -1, 0 or 1 as `a` sorts before, with or after `b` in en-NZ: `localeCompare(b, 'en-NZ')`, or with
 * `sensitivity: 'base'` where only the letters count (accents and case set aside).
 */
export function compareNames(a: string, b: string, sensitivity: 'variant' | 'base' = 'variant'): number {
  if (a === b) return 0;
  const left = nameKeys(a);
  const right = nameKeys(b);
  for (let level = 0; level < (sensitivity === 'base' ? 1 : 3); level += 1) {
    if (left[level] !== right[level]) return left[level]! < right[level]! ? -1 : 1;
  }
  return 0;
}
