import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-error';
import { createQueryClient, queryClientId } from './query-client';

describe('createQueryClient', () => {
  it('gives every client its own id and none to foreign clients', () => {
    const a = createQueryClient();
    const b = createQueryClient();
    expect(queryClientId(a)).toMatch(/^[a-z0-9]{10}$/);
    expect(queryClientId(a)).not.toBe(queryClientId(b));
    expect(queryClientId(new QueryClient())).toBeUndefined();
  });

  it('does not retry client errors but retries network failures twice', () => {
    const retry = createQueryClient().getDefaultOptions().queries?.retry as (n: number, e: unknown) => boolean;
    expect(retry(0, new ApiError(404, 'Not found'))).toBe(false);
    expect(retry(0, new ApiError(0, 'An error occurred.'))).toBe(true);
    expect(retry(2, new ApiError(0, 'An error occurred.'))).toBe(false);
  });
});
