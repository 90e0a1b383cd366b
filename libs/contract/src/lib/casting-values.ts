/**
 * Plain values of the casting area: limits and the texts the server answers with. No TypeBox
 * here (the web imports this); the schemas are in ./casting.ts.
 */

/**
 * How many open calls a member may post at once: one, or ten with the writer or premium role (a
 * membership plan's feature). A rule of the plan, not a rate: posting over it is refused (403).
 */
export const OPEN_CALLS = { member: 1, writerOrPremium: 10 } as const;
/** The roles that raise the open-calls limit. */
export const CASTING_PLUS_ROLES = ['writer', 'premium'] as const;

export const CASTING_LIMITS = {
  /** Roles one call casts. */
  roles: 20,
  /** Lines a role's audition sides hold. */
  sides: 12,
  /** Sides a role gets when the owner picks none: its first dialogue lines. */
  defaultSides: 3,
  description: 2000,
  voiceNotes: 500,
  payNote: 500,
  searchQuery: 200,
  language: 16,
  /** Calls per page of the board and of my calls. */
  pageSize: 20,
  /** A call whose deadline is this near is "closing soon". */
  closingSoonDays: 3,
  /** The furthest deadline a call may have. */
  maxDeadlineDays: 365,
  /** Posts and edits per member per minute. */
  writesPerMinute: 20,
} as const;

export const CASTING_MESSAGES = {
  callNotFound: 'This casting call was not found.',
  scriptNotFound: 'Please choose one of your own scripts.',
  notYours: 'Only the person who posted this call can change it.',
  rolesMissing: 'Please choose at least one role to cast.',
  roleNotInScript: 'Each role must be one of the script’s roles.',
  roleTwice: 'Each role can be cast only once per call.',
  sideNotOfRole: 'Audition sides must be lines of that role in this script.',
  noSides: 'This role has no lines to audition with. Please choose a role that speaks.',
  deadlineInPast: 'Please choose a deadline in the future.',
  deadlineTooFar: 'Please choose a deadline within a year.',
  openCallsLimit: `You have as many open casting calls as your membership allows (${OPEN_CALLS.member}, or ${OPEN_CALLS.writerOrPremium} with a writer or premium membership). Please close one before posting or reopening another.`,
  closed: 'This casting call is closed. Please reopen it before editing.',
  alreadyOpen: 'This casting call is already open.',
  alreadyClosed: 'This casting call is already closed.',
  deadlinePassed: 'The deadline of this call has passed, so it cannot be reopened.',
  allCast: 'Every role of this call is cast, so it cannot be reopened.',
  tooManyRequests: 'Too many casting changes in a short time. Please wait a minute and try again.',
} as const;

/** Auditions: recording, sending, reviewing and casting. */
export const AUDITION_LIMITS = {
  /** The owner's private note on an audition. */
  note: 2000,
  /** A report's reason. */
  reportReason: 500,
  /** Cue lines given before each side line at most (the other parts' lines just before it). */
  cuesPerSide: 3,
  /** Take uploads, sends, withdrawals and reviews per member per minute. */
  writesPerMinute: 60,
  /** Reports per member per minute. */
  reportsPerMinute: 5,
} as const;

/** The whole-audition file's part name in the audition audio's address (a line's part is its line id). */
export const AUDITION_WHOLE_PART = 'whole';

export const AUDITION_MESSAGES = {
  roleNotFound: 'This role was not found.',
  auditionNotFound: 'This audition was not found.',
  ownCall: 'You cannot audition for your own casting call.',
  callClosed: 'This casting call is closed, so auditions cannot be sent or changed.',
  alreadySent: 'You have already sent an audition for this role.',
  notDraft: 'This audition has been sent, so its recordings cannot be changed.',
  notSent: 'This audition has not been sent yet.',
  lineNotSide: 'Please record one of this role’s audition lines.',
  incomplete: 'Please record every audition line, or upload one file for the whole audition, before sending.',
  deadlinePassed: 'The deadline has passed, so this audition can no longer be withdrawn.',
  wasCast: 'You were cast with this audition, so it cannot be withdrawn.',
  onlyOwner: 'Only the person who posted this call can review and cast its auditions.',
  roleAlreadyCast: 'This role has already been cast.',
  sceneRoleTwice: 'Please choose at most one audition per role.',
  sceneAuditionsMissing: 'Please choose at least one audition.',
  reportOwnCall: 'You cannot report your own casting call.',
  staffOnly: 'Only staff can see reported casting calls and hide them.',
  memberNotFound: 'This member was not found.',
  tooManyRequests: 'Too many audition changes in a short time. Please wait a minute and try again.',
  tooManyReports: 'Too many reports in a short time. Please wait a minute and try again.',
} as const;
