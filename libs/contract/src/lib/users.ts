import Type from 'typebox';

export const PRIVILEGES = ['draft', 'audio_library', 'show_metrics', 'read_free_script'] as const;
export type Privilege = (typeof PRIVILEGES)[number];

export const Role = Type.Object({
  name: Type.String(),
  privileges: Type.Array(Type.String()),
});
export type Role = Type.Static<typeof Role>;

/** The seed's User: id, handle (optional), name (Guest when missing), photo (file id), role, classes. */
export const User = Type.Object({
  id: Type.String(),
  handle: Type.Optional(Type.Union([Type.String(), Type.Null()])),
  name: Type.Optional(Type.Union([Type.String(), Type.Null()])),
  photo: Type.Optional(Type.Union([Type.String(), Type.Null()])),
  role: Role,
  classes: Type.Array(Type.String()),
});
export type User = Type.Static<typeof User>;

/** Answer of authenticate, refresh-token and the Microsoft exchange. */
export const SignInResult = Type.Object({ user: User, token: Type.String() });
export type SignInResult = Type.Static<typeof SignInResult>;

export const Credentials = Type.Object({
  username: Type.String({ minLength: 1, maxLength: 320 }),
  password: Type.String({ minLength: 1, maxLength: 1024 }),
});
export type Credentials = Type.Static<typeof Credentials>;

export const PasswordCodeBody = Type.Object({ username: Type.String({ minLength: 1, maxLength: 320 }) });
export type PasswordCodeBody = Type.Static<typeof PasswordCodeBody>;

export const PasswordVerifyBody = Type.Object({
  username: Type.String({ minLength: 1, maxLength: 320 }),
  code: Type.Union([Type.String({ maxLength: 16 }), Type.Integer()]),
});
export type PasswordVerifyBody = Type.Static<typeof PasswordVerifyBody>;

export const PasswordResetBody = Type.Object({
  username: Type.String({ minLength: 1, maxLength: 320 }),
  code: Type.Union([Type.String({ maxLength: 16 }), Type.Integer()]),
  password: Type.String({ maxLength: 1024 }),
});
export type PasswordResetBody = Type.Static<typeof PasswordResetBody>;

export const MicrosoftSignInBody = Type.Object({ idToken: Type.String({ minLength: 1, maxLength: 16384 }) });
export type MicrosoftSignInBody = Type.Static<typeof MicrosoftSignInBody>;

/** Validation texts the seed fixes word for word (section 5); client and server both use them. */
export const MESSAGES = {
  invalidEmail: 'Email address is not valid.',
  shortPassword: 'Your password needs to contain at least 6 characters.',
  resetDone: 'Your password has been reset successfully.',
  genericError: 'An error occurred.',
  invalidLink: 'This link is invalid.',
  loginForSharedScript: 'Please log in to access the shared script.',
} as const;

export const PASSWORD_MIN_LENGTH = 6;
export const RESET_CODE_LENGTH = 6;
const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const isValidEmail = (value: string): boolean => EMAIL_RE.test(value) && value.length <= 320;

/** POST /api/users/create: lengths are checked by the server so it can answer the seed's texts. */
export const CreateUserBody = Type.Object({
  username: Type.String({ maxLength: 320 }),
  password: Type.String({ maxLength: 1024 }),
});
export type CreateUserBody = Type.Static<typeof CreateUserBody>;

/** A plain confirmation, e.g. the answer of POST /api/users/password/code. */
export const MessageBody = Type.Object({ message: Type.String() });
export type MessageBody = Type.Static<typeof MessageBody>;

/** GET /api/config/public: settings the web client reads at run time (Microsoft sign-in). */
export const PublicConfig = Type.Object({
  msClientId: Type.Union([Type.String(), Type.Null()]),
  msAuthority: Type.Union([Type.String(), Type.Null()]),
});
export type PublicConfig = Type.Static<typeof PublicConfig>;

export const SubscriptionsQuery = Type.Object({ user: Type.Optional(Type.String({ minLength: 1, maxLength: 64 })) });
export type SubscriptionsQuery = Type.Static<typeof SubscriptionsQuery>;

/** The server's own texts for the account flows (the seed leaves them "not shown"). */
export const AUTH_MESSAGES = {
  wrongCredentials: 'The user ID, email or password is incorrect.',
  emailTaken: 'An account with this email already exists.',
  codeSent: 'If an account exists for this email, we sent a code to it.',
  codeValid: 'The code is valid. Choose a new password.',
  invalidCode: 'This code is not valid. Check the code or request a new one.',
  resendTooSoon: 'We just sent a code. Please wait a minute before asking for another one.',
  tooManyWrongCodes: 'Too many wrong codes for this email. Please try again in 24 hours.',
  tooManyAttempts: 'Too many attempts. Please wait a minute and try again.',
  refreshMissing: 'You are not signed in.',
  refreshInvalid: 'Your session has ended. Please log in again.',
  microsoftNotConfigured: 'Sign-in with Microsoft is not configured.',
  microsoftInvalid: 'Your Microsoft sign-in could not be verified. Please try again.',
  microsoftExpired: 'Your Microsoft sign-in has expired. Please sign in again.',
  microsoftWrongAudience: 'This Microsoft sign-in was issued for another app.',
  microsoftWrongIssuer: 'This Microsoft sign-in comes from an unexpected issuer.',
  microsoftUnavailable: 'Microsoft sign-in is not reachable right now. Please try again later.',
  missingPrivilege: 'Your membership does not include this feature.',
  othersSubscriptions: 'Only staff can see the subscriptions of other users.',
} as const;
