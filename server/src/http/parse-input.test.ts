import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { HttpError } from './errors';
import { emailSchema } from '@promo/domain/validation/field.schema';
import { parseInput } from './contract';

function failure(run: () => unknown): { status: number; message: string } {
  try {
    run();
  } catch (error) {
    if (error instanceof HttpError) return { status: error.statusCode, message: error.message };
    throw error;
  }
  throw new Error('expected a failure');
}

describe('parseInput', () => {
  const schema = z.object({ name: z.string(), address: z.object({ city: z.string().min(2) }) });

  it('returns the parsed value', () => {
    expect(parseInput(schema, { name: 'Aroha', address: { city: 'Napier' } })).toEqual({
      name: 'Aroha',
      address: { city: 'Napier' },
    });
  });

  it('names a missing nested field with a dotted path', () => {
    expect(failure(() => parseInput(schema, { name: 'Aroha', address: {} }))).toEqual({
      status: 400,
      message: 'address.city: Required',
    });
  });

  it('calls a missing body "body"', () => {
    expect(failure(() => parseInput(schema, undefined))).toEqual({ status: 400, message: 'body: Required' });
  });

  it("keeps zod's reason for other failures", () => {
    expect(failure(() => parseInput(schema, { name: 'A', address: { city: 'X' } }))).toEqual({
      status: 400,
      message: 'address.city: Too small: expected string to have >=2 characters',
    });
  });
});

describe('emailSchema', () => {
  const schema = z.object({ email: emailSchema });

  it('takes an address the client accepts, trimmed and lowercased', () => {
    expect(parseInput(schema, { email: '  Aroha.Ngata@Example.CO.NZ ' })).toEqual({
      email: 'aroha.ngata@example.co.nz',
    });
  });

  it.each(['a@b', 'a@b.c', 'a@b.museum', '@b.co', 'a b@c.co', 'a@b..co', 'a@@b.co'])(
    'refuses %s with the text the client shows',
    (email) => {
      expect(failure(() => parseInput(schema, { email }))).toEqual({
        status: 400,
        message: 'email: Incorrect email format',
      });
    },
  );
});
