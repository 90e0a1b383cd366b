import Type from 'typebox';
import { IdParam, PageQuery, Paged, Person } from './common';
import { Role, User } from './users';
import { LiveReadNote } from './live';
import { NOTIFICATIONS_PAGE_SIZE, PHOTO_ID_PATTERN, RELATIONSHIPS, SOCIAL_LIMITS as L } from './social-values';

export const Subscription = Type.Object({ role: Role, expiry: Type.String({ format: 'date-time' }) });
export type Subscription = Type.Static<typeof Subscription>;
export const SubscriptionList = Type.Array(Subscription);

/** GET /api/friendships/ answers accepted friends as objects holding the friend. */
export const Friendship = Type.Object({ user: User });
export type Friendship = Type.Static<typeof Friendship>;
export const FriendshipList = Type.Array(Friendship);

export const NewNotificationsQuery = Type.Object({ after: Type.Optional(Type.String({ maxLength: 64 })) });
export const NewNotifications = Type.Object({ count: Type.Integer({ minimum: 0 }) });
export type NewNotifications = Type.Static<typeof NewNotifications>;

/** POST /api/activities/: the six fields of the product's activity log entry. */
export const ActivityEntry = Type.Object({
  userId: Type.Union([Type.String({ maxLength: 64 }), Type.Null()]),
  localTime: Type.String({ maxLength: 64 }),
  session: Type.String({ pattern: '^[A-Za-z0-9]{10}$' }),
  path: Type.String({ maxLength: 2048 }),
  action: Type.Union([
    Type.Literal('visit'),
    Type.Literal('login'),
    Type.Literal('register'),
    Type.Literal('logout'),
    Type.Literal('open_sharelink'),
  ]),
  context: Type.Optional(Type.Union([Type.Record(Type.String(), Type.Unknown()), Type.Null()])),
});
export type ActivityEntry = Type.Static<typeof ActivityEntry>;

export const ScriptSession = Type.Object({ id: Type.String() });
export type ScriptSession = Type.Static<typeof ScriptSession>;
export const ShareLinkSession = Type.Object({ id: Type.String(), scriptId: Type.String() });
export type ShareLinkSession = Type.Static<typeof ShareLinkSession>;

/** Route parameters of the product's session calls; ids are the server's random base62 ids. */
export const ScriptSessionParams = Type.Object({ scriptId: IdParam });
export type ScriptSessionParams = Type.Static<typeof ScriptSessionParams>;
export const ShareLinkSessionParams = Type.Object({ linkId: IdParam });
export type ShareLinkSessionParams = Type.Static<typeof ShareLinkSessionParams>;

export const PhotoParams = Type.Object({ photo: Type.String({ pattern: PHOTO_ID_PATTERN }) });
export type PhotoParams = Type.Static<typeof PhotoParams>;


// --- Friends, messages and profiles; plain values in ./social-values.ts ---

const Nullable = <T extends Type.TSchema>(schema: T) => Type.Union([schema, Type.Null()]);

export const RelationshipSchema = Type.Union([
  Type.Literal('self'),
  Type.Literal('friends'),
  Type.Literal('incoming'),
  Type.Literal('outgoing'),
  Type.Literal('none'),
]);
// The schema spells the values out (a mapped union loses its literal types); keep both in step.
const relationshipsInStep: Record<(typeof RELATIONSHIPS)[number], true> & Record<Type.Static<typeof RelationshipSchema>, true> = {
  self: true,
  friends: true,
  incoming: true,
  outgoing: true,
  none: true,
};
void relationshipsInStep;

export const UserIdParams = Type.Object({ userId: IdParam });
export type UserIdParams = Type.Static<typeof UserIdParams>;
/** A handle as it appears in /members/{handle}; the rules for choosing one are checked on save. */
export const HandleParams = Type.Object({ handle: Type.String({ minLength: 1, maxLength: 64, pattern: '^@?[A-Za-z0-9._-]+$' }) });
export type HandleParams = Type.Static<typeof HandleParams>;

/** A member's page: the person, their bio and how I stand to them (`none` when logged out). */
export const Profile = Type.Object({
  ...Person.properties,
  bio: Nullable(Type.String()),
  relationship: RelationshipSchema,
});
export type Profile = Type.Static<typeof Profile>;

/** PATCH /api/users/me: any of the three; null or blank clears name, handle or bio. */
export const ProfileUpdate = Type.Object({
  // Generous schema limits stop abuse; the real limits answer SOCIAL_MESSAGES texts.
  name: Type.Optional(Nullable(Type.String({ maxLength: L.name * 4 }))),
  handle: Type.Optional(Nullable(Type.String({ maxLength: L.handleMax * 4 }))),
  bio: Type.Optional(Nullable(Type.String({ maxLength: L.bio * 4 }))),
});
export type ProfileUpdate = Type.Static<typeof ProfileUpdate>;

/** Answer of PATCH /api/users/me and the photo upload: the signed-in User for the auth store, and my profile. */
export const MyProfile = Type.Object({ user: User, profile: Profile, message: Type.String() });
export type MyProfile = Type.Static<typeof MyProfile>;

export const FriendRequest = Type.Object({ user: Person, createdAt: Type.String({ format: 'date-time' }) });
export type FriendRequest = Type.Static<typeof FriendRequest>;
/** GET /api/friendships/requests: pending requests to me and from me, newest first. */
export const FriendRequests = Type.Object({ incoming: Type.Array(FriendRequest), outgoing: Type.Array(FriendRequest) });
export type FriendRequests = Type.Static<typeof FriendRequests>;

/**
 * POST /api/friendships/requests: `to` is a handle (with or without @) or an email, as typed on
 * /friends; a profile page's Add friend sends the member's `userId` instead (not everyone has a handle).
 */
export const FriendRequestBody = Type.Object({
  to: Type.Optional(Type.String({ maxLength: L.requestTarget })),
  userId: Type.Optional(IdParam),
});
export type FriendRequestBody = Type.Static<typeof FriendRequestBody>;
/** `accepted` when they had already asked me: the request became an acceptance. */
export const FriendRequestResult = Type.Object({
  status: Type.Union([Type.Literal('requested'), Type.Literal('accepted')]),
  message: Type.String(),
  user: Person,
});
export type FriendRequestResult = Type.Static<typeof FriendRequestResult>;

const SessionInvite = Type.Object({
  sessionId: Type.String(),
  scriptId: Type.String(),
  scriptTitle: Type.String(),
  linkId: Type.String(),
  role: Nullable(Type.String()),
});
type SessionInvite = Type.Static<typeof SessionInvite>;

const MembershipEvent = Type.Object({
  role: Type.String(),
  expiry: Nullable(Type.String()),
  event: Type.Union([Type.Literal('granted'), Type.Literal('revoked'), Type.Literal('cancelled')]),
});
type MembershipEvent = Type.Static<typeof MembershipEvent>;

/** casting_cast (I was cast: my table read is `sessionId`) and casting_role_cast (someone else was). */
const CastingNote = Type.Object({
  callId: Type.String(),
  roleName: Type.String(),
  scriptTitle: Type.String(),
  /** The table read created for the cast member (null in casting_role_cast). */
  sessionId: Nullable(Type.String()),
});

/** draft_invite: a friend made me a co-writer of their draft. */
const DraftInviteNote = Type.Object({
  draftId: Type.String(),
  draftTitle: Type.String(),
  role: Type.Union([Type.Literal('editor'), Type.Literal('commenter')]),
});

/** draft_comment: someone commented on lines of a draft I write in (the comment is `text`). */
const DraftCommentNote = Type.Object({
  draftId: Type.String(),
  draftTitle: Type.String(),
  threadId: Type.String(),
  fromLine: Type.Integer(),
  toLine: Type.Integer(),
  /** A reply in a thread, not its first comment. */
  reply: Type.Boolean(),
});

/**
 * One message in /notifications. `type` is one of NOTIFICATION_TYPES (older or unknown types pass
 * through so nothing is hidden); `person` is the other member, resolved; `relationship` is how I
 * stand to them now (a friend request shows Accept only while it is still open to me).
 */
export const NotificationItem = Type.Object({
  id: Type.String(),
  type: Type.String(),
  createdAt: Type.String({ format: 'date-time' }),
  unread: Type.Boolean(),
  person: Nullable(Person),
  relationship: Nullable(RelationshipSchema),
  text: Nullable(Type.String()),
  invite: Nullable(SessionInvite),
  membership: Nullable(MembershipEvent),
  /** Read_joined and read_recorded, about a live read of mine. */
  read: Type.Optional(Nullable(LiveReadNote)),
  /** casting_cast and casting_role_cast, about a role I auditioned for. */
  casting: Type.Optional(Nullable(CastingNote)),
  /** draft_comment, about lines of a draft I write in. */
  draftComment: Type.Optional(Nullable(DraftCommentNote)),
  /** draft_invite, a draft I was made a co-writer of. */
  draftInvite: Type.Optional(Nullable(DraftInviteNote)),
});
export type NotificationItem = Type.Static<typeof NotificationItem>;

export const NotificationListQuery = Type.Object({
  page: PageQuery.properties.page,
  pageSize: Type.Optional(Type.Integer({ minimum: 1, maximum: 50, default: NOTIFICATIONS_PAGE_SIZE })),
});
export type NotificationListQuery = Type.Static<typeof NotificationListQuery>;
/** GET /api/notifications: newest first; `unread` is relative to `lastSeen`, my mark when asked. */
export const NotificationList = Type.Object({ ...Paged(NotificationItem).properties, lastSeen: Nullable(Type.String()) });
export type NotificationList = Type.Static<typeof NotificationList>;

/** GET and PUT /api/notifications/seen: my last-seen mark (null until I first open Messages). */
export const SeenMark = Type.Object({ id: Nullable(Type.String()) });
export type SeenMark = Type.Static<typeof SeenMark>;
export const SeenMarkBody = Type.Object({ id: Type.String({ minLength: 1, maxLength: 64, pattern: '^[0-9A-Za-z]+$' }) });
export type SeenMarkBody = Type.Static<typeof SeenMarkBody>;

export const DirectMessageResult = Type.Object({ id: Type.String(), message: Type.String() });
export type DirectMessageResult = Type.Static<typeof DirectMessageResult>;
