import { describe, expect, it } from 'vitest';
import { idListSchema } from './query.schema';

describe('idListSchema', () => {
  it('splits comma lists and repeated parameters', () => {
    expect(idListSchema.parse('G1, G2,,G3')).toEqual(['G1', 'G2', 'G3']);
    expect(idListSchema.parse(['G1,G2', 'G3'])).toEqual(['G1', 'G2', 'G3']);
  });
});
