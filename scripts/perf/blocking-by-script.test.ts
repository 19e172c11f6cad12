import { describe, expect, it } from 'vitest';
import { blockingByScript, meanBlockingByScript, scriptName, UNATTRIBUTED } from './blocking-by-script';

describe('scriptName', () => {
  it('names a script by its file, without the content hash', () => {
    expect(scriptName('https://localhost:8180/static/js/async/lib-react.7034f7f40a.js')).toBe('lib-react.js');
    expect(scriptName('https://localhost:8181/salesrep/0.1.0-eb43c635dc/remoteEntry.js')).toBe(
      'remoteEntry.js',
    );
  });

  it('names the document by its path and a task blamed on nothing as unattributed', () => {
    expect(scriptName('https://localhost:8180/salesrep/promotions/PROMO-1?view=branches')).toBe(
      '/salesrep/promotions/PROMO-1',
    );
    expect(scriptName('Unattributable')).toBe(UNATTRIBUTED);
    expect(scriptName('')).toBe(UNATTRIBUTED);
  });
});

describe('blockingByScript', () => {
  const index = 'https://h/static/js/index.41cb5be6ab.js';
  const react = 'https://h/static/js/async/lib-react.7034f7f40a.js';

  it('counts each task past its first 50 ms, per script', () => {
    expect(
      blockingByScript(
        [
          { url: index, startTime: 1400, duration: 120 },
          { url: index, startTime: 1600, duration: 80 },
          { url: react, startTime: 2000, duration: 90 },
          { url: 'Unattributable', startTime: 1800, duration: 60 },
        ],
        1100,
        3000,
      ),
    ).toEqual({ 'index.js': 100, 'lib-react.js': 40, [UNATTRIBUTED]: 10 });
  });

  it('counts only what falls between the first contentful paint and time to interactive', () => {
    expect(
      blockingByScript(
        [
          // Ends before FCP: none of it counts.
          { url: index, startTime: 700, duration: 200 },
          // Crosses FCP at 1100: what falls after it (1100-1200) counts past its first 50 ms.
          { url: index, startTime: 1000, duration: 200 },
          // Crosses FCP with under 50 ms after it.
          { url: index, startTime: 1000, duration: 140 },
          // Crosses time to interactive at 2000: counts up to it.
          { url: react, startTime: 1900, duration: 200 },
          // Starts after time to interactive.
          { url: react, startTime: 2100, duration: 300 },
        ],
        1100,
        2000,
      ),
    ).toEqual({ 'index.js': 50, 'lib-react.js': 50 });
  });
});

describe('meanBlockingByScript', () => {
  it('averages over every run, a script missing from a run counting nothing there, largest first', () => {
    expect(
      meanBlockingByScript([
        { 'index.js': 100, 'lib-react.js': 30 },
        { 'index.js': 50 },
        { 'index.js': 0, [UNATTRIBUTED]: 90 },
      ]),
    ).toEqual([
      ['index.js', 50],
      [UNATTRIBUTED, 30],
      ['lib-react.js', 10],
    ]);
    expect(meanBlockingByScript([])).toEqual([]);
  });
});
