import Type from 'typebox';
import { IdParam, Person } from './common';
import { RelationshipSchema } from './social';
import { SOCIAL_LIMITS as L } from './social-values';

// --- Conversations (item 5): direct messages as threads between two members ---

/** A message quoted by a reply: enough to show a line of it above the reply. */
const QuotedMessage = Type.Object({ id: Type.String(), fromMe: Type.Boolean(), text: Type.String() });
type QuotedMessage = Type.Static<typeof QuotedMessage>;

/** One message of a thread, from my side: mine (`fromMe`) or theirs. */
export const ThreadMessage = Type.Object({
  id: Type.String(),
  fromMe: Type.Boolean(),
  text: Type.String(),
  createdAt: Type.String({ format: 'date-time' }),
  replyTo: Type.Union([QuotedMessage, Type.Null()]),
});
export type ThreadMessage = Type.Static<typeof ThreadMessage>;

/** One line of GET /api/conversations: the other member, the newest message, my unread count. */
const ConversationSummary = Type.Object({
  person: Person,
  last: ThreadMessage,
  unread: Type.Integer({ minimum: 0 }),
});
type ConversationSummary = Type.Static<typeof ConversationSummary>;

export const ConversationList = Type.Object({ items: Type.Array(ConversationSummary), unread: Type.Integer({ minimum: 0 }) });
export type ConversationList = Type.Static<typeof ConversationList>;

export const ConversationParams = Type.Object({ userId: IdParam });
export type ConversationParams = Type.Static<typeof ConversationParams>;

/** GET /api/conversations/{userId}: the newest messages, oldest first, and whether I may write. */
export const Conversation = Type.Object({
  person: Person,
  relationship: RelationshipSchema,
  /** Only friends write to each other; a thread with a former friend stays readable. */
  canReply: Type.Boolean(),
  messages: Type.Array(ThreadMessage),
  /** My unread count in this thread before I marked it read. */
  unread: Type.Integer({ minimum: 0 }),
});
export type Conversation = Type.Static<typeof Conversation>;

export const ConversationReadBody = Type.Object({ upTo: IdParam });
export type ConversationReadBody = Type.Static<typeof ConversationReadBody>;
export const ConversationRead = Type.Object({ unread: Type.Integer({ minimum: 0 }) });
export type ConversationRead = Type.Static<typeof ConversationRead>;

/** POST /api/messages with a reply: `replyTo` names a message of the same thread. */
export const ThreadMessageBody = Type.Object({
  to: IdParam,
  text: Type.String({ maxLength: L.message * 4 }),
  replyTo: Type.Optional(IdParam),
});
export type ThreadMessageBody = Type.Static<typeof ThreadMessageBody>;
