import { describe, expect, it } from 'vitest';
import { compareNames } from './name-order';

/** NZ regions and places, some with macrons, and branch-like names with codes and punctuation. */
const NAMES = [
  'Auckland',
  'Bay of Plenty',
  'Canterbury',
  'Gisborne',
  "Hawke's Bay",
  'Hawkes Bay',
  'Manawatū-Whanganui',
  'Manawatu Whanganui',
  'Marlborough',
  'Nelson',
  'Northland',
  'Otago',
  'Southland',
  'Taranaki',
  'Tasman',
  'Waikato',
  'Wellington',
  'West Coast',
  'Taupō',
  'Taupo',
  'taupo',
  'Whangārei',
  'Whangarei',
  'Ōtautahi',
  'Otautahi',
  'Māngere East',
  'Mangere',
  'Mt Wellington',
  'Mt. Wellington',
  'St Heliers',
  'Auckland Central',
  'Auckland - North Shore',
  'Branch 10',
  'Branch 2',
  'Branch 02',
  'BNT Penrose (101)',
  'ATL East Tamaki',
  'DDL & Sons',
  'HCB/Hamilton',
  '',
  'a',
  'A',
  'ā',
  'Ā',
];

/** Strings over letters of both cases, macrons, digits, a space and the punctuation names carry. */
function generated(count: number): string[] {
  const alphabet = [..."aAbBmMzZāĀōŌūŪ09 '-.&()/_,"];
  let seed = 7;
  const next = () => {
    seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
    return seed / 2_147_483_648;
  };
  return Array.from({ length: count }, () =>
    Array.from({ length: Math.floor(next() * 6) }, () => alphabet[Math.floor(next() * alphabet.length)]).join(
      '',
    ),
  );
}

const ascii = Array.from({ length: 95 }, (_, index) => String.fromCharCode(32 + index));

describe('compareNames: the order en-NZ gives names, as a rule', () => {
  it.each([
    ['variant', undefined],
    ['base', { sensitivity: 'base' }],
  ] as const)('orders every pair as an en-NZ Intl.Collator does (%s)', (sensitivity, options) => {
    const texts = [...NAMES, ...ascii, ...generated(600)];
    // One collator: localeCompare(b, 'en-NZ', options) builds it again on every call.
    const collator = new Intl.Collator('en-NZ', options);
    const differing: string[] = [];
    for (const a of texts)
      for (const b of texts) {
        const expected = Math.sign(collator.compare(a, b));
        if (compareNames(a, b, sensitivity) !== expected)
          differing.push(`${JSON.stringify(a)} ${JSON.stringify(b)}`);
      }
    expect(differing.slice(0, 10)).toEqual([]);
  });

  it('sorts regions A to Z, accents and case after the letters, a shorter name first', () => {
    expect(
      ['Taupō', 'taupo', 'Taupo', 'Bay of Plenty', 'Bay', 'Auckland'].sort((a, b) => compareNames(a, b)),
    ).toEqual(['Auckland', 'Bay', 'Bay of Plenty', 'taupo', 'Taupo', 'Taupō']);
    expect(compareNames('Taupō', 'taupo', 'base')).toBe(0);
  });
});
