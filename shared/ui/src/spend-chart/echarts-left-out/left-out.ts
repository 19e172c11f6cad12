/** What a left-out part of ECharts does if it is ever reached: fail loudly, naming itself. */
export function leftOut(part: string): never {
  throw new Error(`ECharts' ${part} is left out of the build (rsbuild.base.ts, echartsLeftOut)`);
}
