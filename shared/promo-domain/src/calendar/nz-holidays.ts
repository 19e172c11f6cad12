/**
 * New Zealand national public holidays, 2023-2028, as the dates they are observed (Mondayised when
 * the holiday falls on a weekend: Holidays Act 2003 s45; Waitangi and ANZAC Days since 2014), plus
 * Matariki (Te Kāhui o Matariki Public Holiday Act 2022, schedule 1). Regional anniversary days are
 * left out: a trade customer's region is not known to the pace advice, and they differ by region.
 *
 * Sources: employment.govt.nz "Public holidays and anniversary dates" for each year.
 * Extend the table before 2029; outside it, only weekends are excluded.
 */
// prettier-ignore -- one row per year reads better than one date per line
export const NZ_PUBLIC_HOLIDAYS: readonly string[] = [
  // 2023 (1 January was a Sunday: New Year's Day observed Tuesday 3 January)
  '2023-01-02',
  '2023-01-03',
  '2023-02-06',
  '2023-04-07',
  '2023-04-10',
  '2023-04-25',
  '2023-06-05',
  '2023-07-14',
  '2023-10-23',
  '2023-12-25',
  '2023-12-26',
  // 2024
  '2024-01-01',
  '2024-01-02',
  '2024-02-06',
  '2024-03-29',
  '2024-04-01',
  '2024-04-25',
  '2024-06-03',
  '2024-06-28',
  '2024-10-28',
  '2024-12-25',
  '2024-12-26',
  // 2025
  '2025-01-01',
  '2025-01-02',
  '2025-02-06',
  '2025-04-18',
  '2025-04-21',
  '2025-04-25',
  '2025-06-02',
  '2025-06-20',
  '2025-10-27',
  '2025-12-25',
  '2025-12-26',
  // 2026 (ANZAC Day Saturday → Monday 27 April; Boxing Day Saturday → Monday 28 December)
  '2026-01-01',
  '2026-01-02',
  '2026-02-06',
  '2026-04-03',
  '2026-04-06',
  '2026-04-27',
  '2026-06-01',
  '2026-07-10',
  '2026-10-26',
  '2026-12-25',
  '2026-12-28',
  // 2027 (2 Jan, Waitangi, ANZAC, Christmas and Boxing Days all fall on weekends)
  '2027-01-01',
  '2027-01-04',
  '2027-02-08',
  '2027-03-26',
  '2027-03-29',
  '2027-04-26',
  '2027-06-07',
  '2027-06-25',
  '2027-10-25',
  '2027-12-27',
  '2027-12-28',
  // 2028 (1 and 2 January on the weekend → Monday 3 and Tuesday 4; Waitangi Sunday → Monday 7 February)
  '2028-01-03',
  '2028-01-04',
  '2028-02-07',
  '2028-04-14',
  '2028-04-17',
  '2028-04-25',
  '2028-06-05',
  '2028-07-14',
  '2028-10-23',
  '2028-12-25',
  '2028-12-26',
];
