import {
  apiPaths,
  type ActivityEntry,
  type CreateUserBody,
  type Credentials,
  type Friendship,
  type MessageBody,
  type NewNotifications,
  type PasswordCodeBody,
  type PasswordResetBody,
  type PasswordVerifyBody,
  type ScriptSession,
  type PublicConfig,
  type ShareLinkSession,
  type SignInResult,
  type Subscription,
  type User,
} from '@vox/contract';
import type { ApiRequest } from './api-client';

// Wrong credentials answer 401 here; that is the user's error to show, not an expired token.
const noRefresh = { retryOnUnauthorized: false } as const;

/** One typed call per path of the seed's section 7 (the contract's `apiPaths`). */
export function createEndpoints(request: ApiRequest) {
  return {
    getScriptSession: (scriptId: string) => request<ScriptSession>(apiPaths.scriptSession(scriptId)),
    getShareLinkSession: (linkId: string) => request<ShareLinkSession>(apiPaths.shareLinkSession(linkId)),
    /** `after` is the last-seen notification; without it the server counts every unseen one. */
    getNewNotifications: (after?: string | null) =>
      request<NewNotifications>(apiPaths.newNotifications, { query: { after: after || undefined } }),
    refreshToken: () => request<SignInResult>(apiPaths.refreshToken, { method: 'POST' }),
    signOut: () => request<void>(apiPaths.signOut, { method: 'POST' }),
    /** Without a user id: the signed-in user's own subscriptions. */
    getSubscriptions: (userId?: string | null) =>
      request<Subscription[]>(apiPaths.subscriptions, { query: { user: userId || undefined } }),
    authenticate: (credentials: Credentials) =>
      request<SignInResult>(apiPaths.authenticate, { method: 'POST', body: credentials, ...noRefresh }),
    authenticateMicrosoft: (idToken: string) =>
      request<SignInResult>(apiPaths.authenticateMicrosoft, { method: 'POST', body: { idToken }, ...noRefresh }),
    createUser: (body: CreateUserBody) => request<User>(apiPaths.createUser, { method: 'POST', body, ...noRefresh }),
    passwordCode: (body: PasswordCodeBody) => request<MessageBody>(apiPaths.passwordCode, { method: 'POST', body, ...noRefresh }),
    passwordVerify: (body: PasswordVerifyBody) =>
      request<MessageBody>(apiPaths.passwordVerify, { method: 'POST', body, ...noRefresh }),
    passwordReset: (body: PasswordResetBody) =>
      request<MessageBody>(apiPaths.passwordReset, { method: 'POST', body, ...noRefresh }),
    getFriendships: () => request<Friendship[]>(apiPaths.friendships),
    postActivity: (entry: ActivityEntry) => request<void>(apiPaths.activities, { method: 'POST', body: entry }),
    /** Run-time client settings (Microsoft sign-in); public, so it needs no token. */
    getPublicConfig: () => request<PublicConfig>(apiPaths.publicConfig),
  };
}
