import { ApiError, isApiError } from './api-error';

describe('ApiError', () => {
  it('carries status and message', () => {
    const error = new ApiError(404, 'Script not found.');
    expect(error).toBeInstanceOf(Error);
    expect(error).toMatchObject({ name: 'ApiError', status: 404, message: 'Script not found.' });
  });

  it("defaults to 'An error occurred.'", () => {
    expect(new ApiError(500).message).toBe('An error occurred.');
    expect(new ApiError(500, '').message).toBe('An error occurred.');
  });

  it('is recognised by isApiError', () => {
    expect(isApiError(new ApiError(400, 'x'))).toBe(true);
    expect(isApiError(new Error('x'))).toBe(false);
    expect(isApiError(null)).toBe(false);
  });
});
