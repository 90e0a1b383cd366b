/**
 * Plain values of the social area (issue 6): friends, messages and profiles. No TypeBox here (the
 * web imports this); the schemas are in ./social.ts, the API paths in ./paths.ts and the server's
 * texts in SOCIAL_MESSAGES (./constants.ts).
 */

/** How I stand to another member; `self` on my own profile. */
export const RELATIONSHIPS = ['self', 'friends', 'incoming', 'outgoing', 'none'] as const;
export type Relationship = (typeof RELATIONSHIPS)[number];

/** The kinds of message in /notifications (notifications.type) and what their payloads hold. */
export const NOTIFICATION_TYPES = ['friend_request', 'friend_accepted', 'message', 'session_invite', 'membership'] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

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
export const HANDLE_PATTERN = '^[A-Za-z0-9](?:[A-Za-z0-9._-]*[A-Za-z0-9])?$';

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

export interface HandleMessages {
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

/**
 * The person-name rule, the one way the web and the server name a member: the name if set,
 * else the handle as @handle, else "Guest" (the seed, section 3: a missing name shows as Guest).
 */
export const displayName = (person: { name?: string | null; handle?: string | null }): string =>
  person.name?.trim() || (person.handle?.trim() ? `@${person.handle.trim()}` : '') || 'Guest';

