/**
 * Drafts, revisions and templates: the limits and texts of the API. Exported from
 * `@vox/contract/schemas`, and `DRAFT_LIMITS` from the drafts area's web entry
 * (`@vox/contract/drafts`, for the length of an imported file), never from the web's
 * `@vox/contract`, a shared module of the shell. Text helpers both sides use (word count, edits,
 * the page count) are in @vox/fountain.
 */

export const DRAFT_LIMITS = {
  title: 200,
  /**
   * About 400 pages of Fountain (a 120-page screenplay is some 200,000 characters), within the
   * API's 1 MB body limit, which answers 413 to anything larger.
   */
  body: 900_000,
  /**
   * An imported file's text, within the API's 1 MB body limit: a Final Draft file is XML, some
   * three times its Fountain's length, so about 250 pages of Final Draft (a feature is 90-120).
   */
  importBytes: 1_000_000,
  revisionName: 120,
  templateDescription: 500,
  search: 100,
  /** One change to the shared document, base64 (a whole pasted draft fits, under the 1 MB body limit). */
  docUpdate: 990_000,
} as const;

/** An automatic snapshot is taken on a save when the last snapshot is older than this. */
export const AUTO_SNAPSHOT_MS = 10 * 60 * 1000;

export const DRAFT_MESSAGES = {
  notFound: 'This draft was not found.',
  revisionNotFound: 'This revision was not found.',
  templateNotFound: 'This template was not found.',
  staleRevision: 'This draft was changed elsewhere since you opened it. Merge the changes or keep both versions.',
  badEdit: 'This edit does not fit the draft it was made on.',
  badDocUpdate: 'This change could not be read as a change to the draft.',
  tooLong: 'This draft is too long to keep: about 400 pages is the most a draft can hold.',
  accessEnded: 'You no longer have access to this draft.',
  ownerOnly: 'Only the draft’s owner can do this.',
  inviteFriendsOnly: 'Invite your friends here; send anyone else an invite link.',
  inviteNotFound: 'This invite link does not work any more. Ask the draft’s owner for a new one.',
  personNotInDraft: 'This person does not write in this draft.',
  readOnly: 'You can read and comment on this draft but not change it.',
  systemTemplate: 'Ready-made templates cannot be changed. Duplicate it as your own template instead.',
  titleRequired: 'Give the template a title.',
  nothingToSave: 'Send the new text or an edit.',
  nothingToPublish: 'There is nothing to publish yet: write at least one scene, action or line of dialogue.',
  importKind: 'Choose a Fountain (.fountain, .txt) or Final Draft (.fdx) file.',
  fdxUnreadable: 'This file is not a Final Draft screenplay: its XML could not be read. Export it again from Final Draft as .fdx.',
  fdxNotScript: 'This Final Draft file holds no screenplay: it has no script content (scene headings, action or dialogue).',
  importTooLong: 'This screenplay is longer than a draft can be (about 400 pages). Split it into parts and import each one.',
  tooLongToPublish: 'This draft is longer than a script can be. Split it into parts and publish each one.',
} as const;

/** Comments on a range of a draft's lines. */
export const DRAFT_COMMENT_LIMITS = {
  /** A comment's text, in characters. */
  body: 2000,
  /** The lines a thread quotes, as they were when it was started (enough to find them again). */
  quote: 2000,
  /** Threads a draft can hold, resolved ones included. */
  threads: 500,
  /** Comments in one thread. */
  comments: 200,
} as const;

export const DRAFT_COMMENT_MESSAGES = {
  notFound: 'This comment was not found.',
  empty: 'Write a comment first.',
  tooLong: `A comment can be at most ${DRAFT_COMMENT_LIMITS.body.toLocaleString('en-US')} characters.`,
  badLines: 'Choose lines of the draft to comment on.',
  tooManyThreads: `This draft has ${DRAFT_COMMENT_LIMITS.threads} comment threads, the most it can hold. Delete or resolve some before starting another.`,
  tooManyComments: `This thread has ${DRAFT_COMMENT_LIMITS.comments} comments, the most it can hold. Start a new thread.`,
  added: 'Comment added.',
  replied: 'Reply added.',
  resolved: 'Thread resolved.',
  reopened: 'Thread reopened.',
} as const;
/**
 * How a co-writer is named to the others in a draft (the people list, a cursor's label): their
 * name, else @handle; never "Guest" (someone with neither is "A co-writer").
 */
export const coWriterName = (person: { name?: string | null; handle?: string | null }): string =>
  person.name?.trim() || (person.handle?.trim() ? `@${person.handle.trim()}` : '') || 'A co-writer';
