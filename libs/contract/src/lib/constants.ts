/**
 * The contract's plain values: the seed's fixed texts, limits and names. No TypeBox here, so
 * the web apps (which import '@vox/contract') carry no schema code; the server imports the
 * schemas from '@vox/contract/schemas'.
 */
export const PRIVILEGES = ['draft', 'audio_library', 'show_metrics', 'read_free_script', 'teach'] as const;
export type Privilege = (typeof PRIVILEGES)[number];

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

/** A photo id is the SHA-256 of the stored bytes (lower-case hex), so it can never name a path. */
export const PHOTO_ID_PATTERN = '^[0-9a-f]{64}$';

export const SCRIPT_VISIBILITIES = ['private', 'friends', 'public'] as const;
export type ScriptVisibility = (typeof SCRIPT_VISIBILITIES)[number];

/** Server texts of the social and scripts calls (the UI shows `message` as the server's text). */
export const SOCIAL_MESSAGES = {
  scriptNotFound: 'This script was not found.',
  photoNotFound: 'This photo was not found.',
  activityNotYours: 'An activity can only be logged for the signed-in user.',
  activityNeedsLogin: 'Please log in to log an activity for a user.',
  // Friends (issue 6)
  requestTargetMissing: 'Enter the handle or email of the member you want to add.',
  memberNotFound: 'No member has this handle or email.',
  requestToYourself: 'You cannot send a friend request to yourself.',
  alreadyFriends: 'You are already friends.',
  alreadyRequested: 'You have already sent a friend request to this member.',
  requestNotFound: 'This friend request was not found.',
  requestAccepted: 'You are friends now.',
  requestDeclined: 'Friend request declined.',
  requestCancelled: 'Friend request cancelled.',
  friendNotFound: 'This member is not one of your friends.',
  friendRemoved: 'Removed from your friends.',
  tooManyRequests: 'You are sending friend requests too fast. Please wait a minute and try again.',
  // Messages
  messageNotFound: 'This message was not found.',
  messageOnlyFriends: 'You can send messages only to your friends.',
  messageToYourself: 'You cannot send a message to yourself.',
  messageEmpty: 'Write a message first.',
  messageTooLong: 'A message can be at most 2000 characters long.',
  tooManyMessages: 'You are sending messages too fast. Please wait a minute and try again.',
  // Profiles
  profileNotFound: 'This member was not found.',
  profileSaved: 'Your profile is saved.',
  nameTooLong: 'A name can be at most 80 characters long.',
  bioTooLong: 'A bio can be at most 1000 characters long.',
  handleLength: 'A handle needs 3 to 30 characters.',
  handleCharacters: 'A handle may use letters, digits, dots, dashes and underscores, and must start and end with a letter or digit.',
  handleReserved: 'This handle is reserved. Choose another one.',
  handleTaken: 'This handle is already taken. Choose another one.',
  photoMissing: 'Attach the picture as the file field "photo".',
  photoAnimated: 'Animated pictures cannot be profile photos. Upload a still picture.',
  photoTooManyPixels: 'This picture is too large. Upload one of at most 40 megapixels.',
  photoUnreadable: 'This picture could not be read. It may be damaged; try another file.',
  photoRemoved: 'Your photo is removed.',
} as const;
