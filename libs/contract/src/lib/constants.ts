/**
 * The core's plain values, in '@vox/contract' (which the shell shares eagerly, so every first
 * route carries them): what the shell's own code uses, its lazily loaded auth modal included
 * (libs/auth/src/modal, which must get them without loading any remote's entry). That is the
 * account catalogue (the product's validation texts, the account flows' texts, the password, code
 * and email rules), the privileges and the person-name rule. Every other value lives with its
 * area (./<area>-values.ts, exported by the area's entry, e.g. SOCIAL_MESSAGES from
 * '@vox/contract/social'). No TypeBox here; the server imports the schemas from
 * '@vox/contract/schemas'.
 */
export const PRIVILEGES = ['draft', 'audio_library', 'show_metrics', 'read_free_script', 'teach'] as const;
export type Privilege = (typeof PRIVILEGES)[number];

/** Validation texts fixed word for word; client and server both use them. */
export const MESSAGES = {
  invalidEmail: 'Email address is not valid.',
  shortPassword: 'Your password needs to contain at least 6 characters.',
  resetDone: 'Your password has been reset successfully.',
  genericError: 'An error occurred.',
  invalidLink: 'This link is invalid.',
  loginForSharedScript: 'Please log in to access the shared script.',
} as const;

/**
 * A page counts as a visit once it has been open this long (the shell's visit logger logs it
 * then; the dashboard says so). Here, in the core the shell shares, not in the metrics entry.
 */
export const VISIT_COUNTS_AFTER_MS = 1000;

export const PASSWORD_MIN_LENGTH = 6;
export const RESET_CODE_LENGTH = 6;
const EMAIL_RE = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const isValidEmail = (value: string): boolean => EMAIL_RE.test(value) && value.length <= 320;

/** The server's own texts for the account flows (not shown in the forms). */
export const AUTH_MESSAGES = {
  wrongCredentials: 'The user ID, email or password is incorrect.',
  emailTaken: 'An account with this email already exists.',
  codeSent: 'If an account exists for this email, we sent a code to it.',
  codeValid: 'The code is valid. Choose a new password.',
  invalidCode: 'This code is not valid. Check the code or request a new one.',
  resendTooSoon: 'We just sent a code. Please wait a minute before asking for another one.',
  tooManyWrongCodes: 'Too many wrong codes for this email. Please try again in 24 hours.',
  tooManyAttempts: 'Too many attempts. Please wait a minute and try again.',
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

/**
 * The person-name rule, the one way the web and the server name a member: the name if set,
 * else the handle as @handle, else "Guest" (a missing name shows as Guest).
 */
export const displayName = (person: { name?: string | null; handle?: string | null }): string =>
  person.name?.trim() || (person.handle?.trim() ? `@${person.handle.trim()}` : '') || 'Guest';


/**
 * The tab's session-storage key for the demo scene a visitor chose on the front door ("Sign up to
 * read it"): the front door writes it, the first-run step after joining takes it and offers that scene.
 */
export const PICKED_SCENE_KEY = 'vox.pickedScene';
