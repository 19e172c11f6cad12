import { describe, expect, it } from 'vitest';
import { COMPILE_HINT_MIN_BYTES, wantsCompileHint } from './compile-hints';

describe('wantsCompileHint', () => {
  const appModules = [
    '/repo/shell/src/bootstrap.tsx',
    '/repo/node_modules/react-dom/cjs/react-dom.production.js',
  ];

  it("marks a start-up chunk: the app's modules and the libraries it runs on load", () => {
    expect(wantsCompileHint(appModules, 20_000)).toBe(true);
  });

  it('leaves out a chunk holding ECharts or zrender, of which the chart calls a small part', () => {
    expect(wantsCompileHint([...appModules, '/repo/node_modules/echarts/lib/core/echarts.js'], 300_000)).toBe(
      false,
    );
    expect(wantsCompileHint(['C:\\repo\\node_modules\\zrender\\lib\\zrender.js'], 190_000)).toBe(false);
  });

  it('leaves out a chunk too small to pay for the bytes the hint adds', () => {
    expect(wantsCompileHint(appModules, COMPILE_HINT_MIN_BYTES - 1)).toBe(false);
    expect(wantsCompileHint(appModules, COMPILE_HINT_MIN_BYTES)).toBe(true);
  });
});
