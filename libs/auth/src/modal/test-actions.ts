import type { AuthActions } from '../lib/auth-actions';

/** AuthActions whose every call resolves, as jest mocks the specs can inspect. */
export function fakeActions(overrides: Partial<AuthActions> = {}): jest.Mocked<AuthActions> {
  return {
    login: jest.fn().mockResolvedValue(undefined),
    register: jest.fn().mockResolvedValue(undefined),
    requestResetCode: jest.fn().mockResolvedValue(undefined),
    verifyResetCode: jest.fn().mockResolvedValue(undefined),
    resetPassword: jest.fn().mockResolvedValue(undefined),
    startMicrosoftLogin: jest.fn().mockResolvedValue(undefined),
    signOut: jest.fn().mockResolvedValue(undefined),
    ...overrides,
  } as jest.Mocked<AuthActions>;
}

/** Rejects like the API client does: an Error whose message is the server's text. */
export function serverError(message: string): Error {
  return new Error(message);
}
