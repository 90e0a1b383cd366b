import Type from 'typebox';
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
  action: Type.Union(['visit', 'login', 'register', 'logout', 'open_sharelink'].map((a) => Type.Literal(a))),
  context: Type.Optional(Type.Union([Type.Record(Type.String(), Type.Unknown()), Type.Null()])),
});
export type ActivityEntry = Type.Static<typeof ActivityEntry>;
export type ActivityAction = ActivityEntry['action'];

export const ScriptSession = Type.Object({ id: Type.String() });
export type ScriptSession = Type.Static<typeof ScriptSession>;
export const ShareLinkSession = Type.Object({ id: Type.String(), scriptId: Type.String() });
export type ShareLinkSession = Type.Static<typeof ShareLinkSession>;
