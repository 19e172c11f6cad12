/**
 * The 75th percentile as Core Web Vitals are judged (web-vitals, CrUX): nearest rank, the value at
 * or below which 75 % of the samples lie; undefined without samples. The release-health figures
 * and the interaction benchmark both report it.
 */
export function p75(values: readonly number[]): number | undefined {
  if (values.length === 0) return undefined;
  const sorted = values.toSorted((a, b) => a - b);
  return sorted[Math.ceil(sorted.length * 0.75) - 1];
}
