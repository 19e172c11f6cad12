import { ApiError, NetworkError } from '@promo/domain/http/http-client';
import { describe, expect, it } from 'vitest';
import { exportFailure } from './use-customer-export';

describe('exportFailure', () => {
  it('asks to check the connection when the export code or a page of customers did not arrive', () => {
    const chunk = Object.assign(new Error('Loading chunk csv-export failed.'), { name: 'ChunkLoadError' });
    expect(exportFailure(chunk)).toBe('The export failed. Check your connection and try again.');
    expect(exportFailure(new NetworkError(new TypeError('Failed to fetch')))).toBe(
      'The export failed. Check your connection and try again.',
    );
  });

  it("gives the server's reason when it sent one, and no connection advice when the server answered", () => {
    expect(exportFailure(new ApiError(403, 'That promotion is outside your regions.'))).toBe(
      'That promotion is outside your regions.',
    );
    expect(exportFailure(new ApiError(500, undefined))).toBe('The export failed. Please try again.');
  });
});
