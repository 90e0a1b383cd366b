/** Conversations (item 5): limits and texts both sides use. */
export const CONVERSATION_LIMITS = {
  /** A thread answers its newest messages, this many at most. */
  threadMessages: 200,
  /** How often an open Messages page asks for new messages (ms). */
  pollMs: 5000,
} as const;

export const CONVERSATION_MESSAGES = {
  replyNotInThread: 'You can only reply to a message of this conversation.',
  noSuchMember: 'This member was not found.',
  readMarkNotInThread: 'This message is not part of this conversation.',
} as const;
