import Type from 'typebox';
import { PHOTO_ID_PATTERN } from './constants';
import { IdParam } from './common';
import { Role, User } from './users';

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

/** POST /api/activities/: the six fields of the seed's activity log entry. */
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
export type ActivityAction = ActivityEntry['action'];

export const ScriptSession = Type.Object({ id: Type.String() });
export type ScriptSession = Type.Static<typeof ScriptSession>;
export const ShareLinkSession = Type.Object({ id: Type.String(), scriptId: Type.String() });
export type ShareLinkSession = Type.Static<typeof ShareLinkSession>;

/** Route parameters of the seed's session calls; ids are the server's random base62 ids. */
export const ScriptSessionParams = Type.Object({ scriptId: IdParam });
export type ScriptSessionParams = Type.Static<typeof ScriptSessionParams>;
export const ShareLinkSessionParams = Type.Object({ linkId: IdParam });
export type ShareLinkSessionParams = Type.Static<typeof ShareLinkSessionParams>;

export const PhotoParams = Type.Object({ photo: Type.String({ pattern: PHOTO_ID_PATTERN }) });
export type PhotoParams = Type.Static<typeof PhotoParams>;

