import { describe, expect, it } from 'vitest';
import { CSV_BOM, csvField, csvFileName, csvNumber, csvRecord, toCsv } from './csv';

describe('csvField', () => {
  it('leaves plain text as it is', () => {
    expect(csvField('Kahikatea Auto Repairs Ltd')).toBe('Kahikatea Auto Repairs Ltd');
  });

  it('quotes a field with a comma', () => {
    expect(csvField('Smith, Jones & Co')).toBe('"Smith, Jones & Co"');
  });

  it('doubles quotes inside a quoted field', () => {
    expect(csvField('The "Best" Garage')).toBe('"The ""Best"" Garage"');
  });

  it('quotes a field with a newline or carriage return', () => {
    expect(csvField('Line one\nLine two')).toBe('"Line one\nLine two"');
    expect(csvField('a\r\nb')).toBe('"a\r\nb"');
  });

  it('writes numbers as numbers, negative ones included, and nothing for missing values', () => {
    expect(csvField(-12.5)).toBe('-12.5');
    expect(csvField(1234.56)).toBe('1234.56');
    expect(csvField(Number.POSITIVE_INFINITY)).toBe('');
    expect(csvField(null)).toBe('');
    expect(csvField(undefined)).toBe('');
    expect(csvField(true)).toBe('Yes');
  });

  it('keeps a spreadsheet from running text as a formula', () => {
    expect(csvField('=HYPERLINK("http://x")')).toBe('"\'=HYPERLINK(""http://x"")"');
    expect(csvField('+64 9 555')).toBe("'+64 9 555");
    expect(csvField('-minus')).toBe("'-minus");
    expect(csvField('@sum')).toBe("'@sum");
  });
});

describe('toCsv', () => {
  it('writes a header and one CRLF-ended record per row', () => {
    expect(
      toCsv(
        ['Global ID', 'Name'],
        [
          ['G1', 'A, B'],
          ['G2', 'C'],
        ],
      ),
    ).toBe('Global ID,Name\r\nG1,"A, B"\r\nG2,C\r\n');
    expect(csvRecord(['x', 1, null])).toBe('x,1,');
  });

  it('has a byte order mark for spreadsheets to read UTF-8', () => {
    expect(CSV_BOM).toBe('\uFEFF');
  });
});

describe('csvNumber', () => {
  it('rounds to the places asked and stays a number', () => {
    expect(csvNumber(1234.5678, 2)).toBe(1234.57);
    expect(csvNumber(-12.345, 1)).toBe(-12.3);
    expect(csvNumber(0.1 + 0.2, 2)).toBe(0.3);
  });
});

describe('csvFileName', () => {
  it('names the file after what it holds and the day', () => {
    expect(
      csvFileName(['customers', 'PROMO-TierUp-Hampers', 'AKL 2', 'not-joined'], Date.UTC(2026, 10, 24)),
    ).toBe('customers-promo-tierup-hampers-akl-2-not-joined-2026-11-24.csv');
  });

  it('dates the file in New Zealand, where a morning is still the day before in UTC', () => {
    expect(csvFileName(['branches'], Date.parse('2026-11-25T08:30:00+13:00'))).toBe(
      'branches-2026-11-25.csv',
    );
  });
});
