import Type from 'typebox';


export const Role = Type.Object({
  name: Type.String(),
  privileges: Type.Array(Type.String()),
});
export type Role = Type.Static<typeof Role>;

/** The product's User: id, handle (optional), name (Guest when missing), photo (file id), role, classes. */
export const User = Type.Object({
  id: Type.String(),
  handle: Type.Optional(Type.Union([Type.String(), Type.Null()])),
  name: Type.Optional(Type.Union([Type.String(), Type.Null()])),
  photo: Type.Optional(Type.Union([Type.String(), Type.Null()])),
  role: Role,
  classes: Type.Array(Type.String()),
});
export type User = Type.Static<typeof User>;

/** Answer of authenticate, refresh-token and the Microsoft exchange. */
export const SignInResult = Type.Object({ user: User, token: Type.String() });
export type SignInResult = Type.Static<typeof SignInResult>;

/**
 * Answer of the session check an open tab sends every few seconds: what the member may do now
 * (their role's and running subscriptions' privileges, sorted), so a tab whose user differs (a
 * membership bought or ended in another tab, on another site or device) renews its session.
 */
export const SessionCheck = Type.Object({ privileges: Type.Array(Type.String()) });
export type SessionCheck = Type.Static<typeof SessionCheck>;

export const Credentials = Type.Object({
  username: Type.String({ minLength: 1, maxLength: 320 }),
  password: Type.String({ minLength: 1, maxLength: 1024 }),
});
export type Credentials = Type.Static<typeof Credentials>;

export const PasswordCodeBody = Type.Object({ username: Type.String({ minLength: 1, maxLength: 320 }) });
export type PasswordCodeBody = Type.Static<typeof PasswordCodeBody>;

export const PasswordVerifyBody = Type.Object({
  username: Type.String({ minLength: 1, maxLength: 320 }),
  code: Type.Union([Type.String({ maxLength: 16 }), Type.Integer()]),
});
export type PasswordVerifyBody = Type.Static<typeof PasswordVerifyBody>;

export const PasswordResetBody = Type.Object({
  username: Type.String({ minLength: 1, maxLength: 320 }),
  code: Type.Union([Type.String({ maxLength: 16 }), Type.Integer()]),
  password: Type.String({ maxLength: 1024 }),
});
export type PasswordResetBody = Type.Static<typeof PasswordResetBody>;

export const MicrosoftSignInBody = Type.Object({ idToken: Type.String({ minLength: 1, maxLength: 16384 }) });
export type MicrosoftSignInBody = Type.Static<typeof MicrosoftSignInBody>;


/** POST /api/users/create: lengths are checked by the server so it can answer the product's fixed texts. */
export const CreateUserBody = Type.Object({
  username: Type.String({ maxLength: 320 }),
  password: Type.String({ maxLength: 1024 }),
});
export type CreateUserBody = Type.Static<typeof CreateUserBody>;

/** A plain confirmation, e.g. the answer of POST /api/users/password/code. */
export const MessageBody = Type.Object({ message: Type.String() });
export type MessageBody = Type.Static<typeof MessageBody>;

/** GET /api/config/public: settings the web client reads at run time (Microsoft sign-in). */
export const PublicConfig = Type.Object({
  msClientId: Type.Union([Type.String(), Type.Null()]),
  msAuthority: Type.Union([Type.String(), Type.Null()]),
  /**
   * The deployment's sites (SITE_ORIGINS), the first holding the sign-in for the others; links
   * between sites are built from these. Empty: every site is the current host's sibling by label.
   */
  siteOrigins: Type.Optional(Type.Array(Type.String())),
  /** True when the sites share one refresh cookie (COOKIE_DOMAIN); false: they hand the sign-in over by redirect. */
  sharedCookie: Type.Optional(Type.Boolean()),
  /** The share of page views that send their web vitals (VITALS_SAMPLE_RATE, 0 to 1). */
  vitalsSampleRate: Type.Optional(Type.Number({ minimum: 0, maximum: 1 })),
});
export type PublicConfig = Type.Static<typeof PublicConfig>;

export const SubscriptionsQuery = Type.Object({ user: Type.Optional(Type.String({ minLength: 1, maxLength: 64 })) });
export type SubscriptionsQuery = Type.Static<typeof SubscriptionsQuery>;


/** The sign-in handoff between the deployment's listed origins (GET navigations, never fetched). */
const Origin = Type.String({ minLength: 1, maxLength: 300 });
const ReturnTo = Type.String({ minLength: 1, maxLength: 2048 });
const State = Type.String({ minLength: 16, maxLength: 128 });

/** GET /api/users/handoff/start on the site that wants the sign-in: from = the origin that holds it. */
export const HandoffStartQuery = Type.Object({ from: Origin, return: ReturnTo });
export type HandoffStartQuery = Type.Static<typeof HandoffStartQuery>;

/** GET /api/users/handoff/authorize on the site that holds the sign-in: origin = the site asking. */
export const HandoffAuthorizeQuery = Type.Object({ origin: Origin, state: State, return: ReturnTo });
export type HandoffAuthorizeQuery = Type.Static<typeof HandoffAuthorizeQuery>;

/** GET /api/users/handoff/exchange on the site asking: without code, the holder had no sign-in. */
export const HandoffExchangeQuery = Type.Object({
  code: Type.Optional(Type.String({ minLength: 16, maxLength: 128 })),
  state: State,
  return: ReturnTo,
});
export type HandoffExchangeQuery = Type.Static<typeof HandoffExchangeQuery>;
