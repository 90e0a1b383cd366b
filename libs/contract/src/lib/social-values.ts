/**
 * Plain values of the social area: friends, messages and profiles, with the server's
 * texts (SOCIAL_MESSAGES). No TypeBox here (the web imports this, from '@vox/contract/social'); the
 * schemas are in ./social.ts, the API paths in ./social-endpoints.ts. The person-name rule
 * (displayName) is in ./constants.ts: the shell's header uses it.
 */

/** How I stand to another member; `self` on my own profile. */
export const RELATIONSHIPS = ['self', 'friends', 'incoming', 'outgoing', 'none'] as const;
export type Relationship = (typeof RELATIONSHIPS)[number];

export const SOCIAL_LIMITS = {
  handleMin: 3,
  handleMax: 30,
  name: 80,
  bio: 1000,
  message: 2000,
  /** Friend requests go by handle or email. */
  requestTarget: 320,
  /** A profile photo is stored as a square of this many pixels. */
  photoSize: 256,
  /** Larger pictures are refused before they are decoded (a decompression bomb stays a file). */
  photoMaxPixels: 40_000_000,
} as const;

export const NOTIFICATIONS_PAGE_SIZE = 20;

/**
 * A handle: 3-30 letters, digits, dots, dashes and underscores, starting and ending with a letter
 * or digit, so it reads well after an @ and in /members/{handle}. Unique regardless of case.
 */
const HANDLE_PATTERN = '^[A-Za-z0-9](?:[A-Za-z0-9._-]*[A-Za-z0-9])?$';

/** Handles that would pass for the product or its staff, or read like a path of the site. */
export const RESERVED_HANDLES = [
  'about', 'admin', 'administrator', 'api', 'contact', 'edit', 'everyone', 'faq', 'friends', 'guest', 'help',
  'login', 'logout', 'me', 'members', 'messages', 'moderator', 'mod', 'new', 'notifications', 'null', 'official',
  'podcast', 'privacy', 'profile', 'register', 'root', 'school', 'scripts', 'security', 'settings', 'staff',
  'support', 'system', 'team', 'terms', 'undefined', 'voxclub',
] as const;

/** Trims a handle as typed: spaces around it and one leading @ go. */
export const normalizeHandle = (value: string): string => value.trim().replace(/^@/, '');

/**
 * What is wrong with a handle (already normalized), as the text to show; undefined when it is
 * fine. Client and server use the same rules; only the server knows whether it is taken.
 */
export function handleProblem(handle: string, messages: HandleMessages): string | undefined {
  if (handle.length < SOCIAL_LIMITS.handleMin || handle.length > SOCIAL_LIMITS.handleMax) return messages.handleLength;
  if (!new RegExp(HANDLE_PATTERN).test(handle)) return messages.handleCharacters;
  if ((RESERVED_HANDLES as readonly string[]).includes(handle.toLowerCase())) return messages.handleReserved;
  return undefined;
}

interface HandleMessages {
  handleLength: string;
  handleCharacters: string;
  handleReserved: string;
}

/** The answer texts that name a person (the rest are fixed, in SOCIAL_MESSAGES). */
export const socialTexts = {
  requestSent: (name: string) => `Friend request sent to ${name}.`,
  becameFriends: (name: string) => `${name} had already asked you, so you are friends now.`,
  messageSent: (name: string) => `Message sent to ${name}.`,
} as const;

/** A photo id is the SHA-256 of the stored bytes (lower-case hex), so it can never name a path. */
export const PHOTO_ID_PATTERN = '^[0-9a-f]{64}$';

/** Server texts of the social and scripts calls (the UI shows `message` as the server's text). */
export const SOCIAL_MESSAGES = {
  scriptNotFound: 'This script was not found.',
  photoNotFound: 'This photo was not found.',
  activityNotYours: 'An activity can only be logged for the signed-in user.',
  activityNeedsLogin: 'Please log in to log an activity for a user.',
  // Friends
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
