import { describe, expect, it } from 'vitest';
import { styleAsAttributes } from './chart-picture';

describe('styleAsAttributes', () => {
  it("writes a label's font as presentation attributes", () => {
    expect(
      styleAsAttributes('<text style="font-size:12px;font-family:sans-serif;" fill="#56606b">$0</text>'),
    ).toBe('<text font-size="12px" font-family="sans-serif" fill="#56606b">$0</text>');
  });

  it('leaves a style attribute with any other property as it is', () => {
    const svg = '<svg style="position:absolute;left:0"><text style="font-size:12px">a</text></svg>';
    expect(styleAsAttributes(svg)).toBe(
      '<svg style="position:absolute;left:0"><text font-size="12px">a</text></svg>',
    );
  });
});
