import { coreEndpoints, type ActivityEntry, type CreateUserBody, type Credentials, type PasswordCodeBody, type PasswordResetBody, type PasswordVerifyBody } from '@vox/contract';
import type { ApiCall } from './types';

// Wrong credentials answer 401 here; that is the user's error to show, not an expired token.
const noRefresh = { retryOnUnauthorized: false } as const;

/** Named calls for the core (the auth store, the shell and the activity log use them). */
export function createEndpoints(call: ApiCall) {
  return {
    getScriptSession: (scriptId: string) => call(coreEndpoints.scriptSession, { params: { scriptId } }),
    getShareLinkSession: (linkId: string) => call(coreEndpoints.shareLinkSession, { params: { linkId } }),
    /** `after` is the last-seen notification; without it the server counts every unseen one. */
    getNewNotifications: (after?: string | null) => call(coreEndpoints.newNotifications, { query: { after: after || undefined } }),
    refreshToken: () => call(coreEndpoints.refreshToken),
    signOut: () => call(coreEndpoints.signOut),
    /** Without a user id: the signed-in user's own subscriptions. */
    getSubscriptions: (userId?: string | null) => call(coreEndpoints.subscriptions, { query: { user: userId || undefined } }),
    authenticate: (credentials: Credentials) => call(coreEndpoints.authenticate, { body: credentials, ...noRefresh }),
    authenticateMicrosoft: (idToken: string) => call(coreEndpoints.authenticateMicrosoft, { body: { idToken }, ...noRefresh }),
    createUser: (body: CreateUserBody) => call(coreEndpoints.createUser, { body, ...noRefresh }),
    passwordCode: (body: PasswordCodeBody) => call(coreEndpoints.passwordCode, { body, ...noRefresh }),
    passwordVerify: (body: PasswordVerifyBody) => call(coreEndpoints.passwordVerify, { body, ...noRefresh }),
    passwordReset: (body: PasswordResetBody) => call(coreEndpoints.passwordReset, { body, ...noRefresh }),
    getFriendships: () => call(coreEndpoints.friendships),
    postActivity: (entry: ActivityEntry) => call(coreEndpoints.postActivity, { body: entry }),
    /** Run-time client settings (Microsoft sign-in); public, so it needs no token. */
    getPublicConfig: () => call(coreEndpoints.publicConfig),
  };
}
