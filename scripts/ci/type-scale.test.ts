import { describe, expect, it } from 'vitest';
import { offScaleFonts, repositoryOffScaleFonts } from './type-scale';

// The type scale (shared/ui/src/theme.css; docs/performance.md, "Fonts").
describe('type scale', () => {
  it("keeps every stylesheet's font sizes and weights on the scale's tokens", () => {
    expect(repositoryOffScaleFonts()).toEqual([]);
  });

  describe('the measurement', () => {
    it('names the file, the line and the declaration of a size or weight of its own', () => {
      const css = ['.title {', '  font-size: 1.3rem;', '  font-weight: 700;', '}'].join('\n');
      expect(offScaleFonts('remotes/x/src/a.module.css', css)).toEqual([
        'remotes/x/src/a.module.css:2 font-size: 1.3rem is off the type scale in shared/ui/src/theme.css',
        'remotes/x/src/a.module.css:3 font-weight: 700 is off the type scale in shared/ui/src/theme.css',
      ]);
    });

    it("takes the scale's tokens, a calculation from one, and inherit", () => {
      const css = [
        '.a { font-size: var(--font-size-s); font-weight: var(--font-weight-strong); }',
        '.b { font-size: calc(var(--font-size-l) / 1.2); }',
        'button { font: inherit; }',
      ].join('\n');
      expect(offScaleFonts('a.css', css)).toEqual([]);
    });

    it("does not read the scale's own definitions as declarations, and reads a shorthand that sets a size", () => {
      const css = [':root {', '  --font-size-s: 0.875rem;', '}', '.c { font: 600 14px/1.2 system-ui; }'].join(
        '\n',
      );
      expect(offScaleFonts('theme.css', css)).toEqual([
        'theme.css:4 font: 600 14px/1.2 system-ui is off the type scale in shared/ui/src/theme.css',
      ]);
    });
  });
});
