/** The API calls of the seed's section 7, one place for client and server. */
export const apiPaths = {
  scriptSession: (scriptId: string) => `/api/scripts/${encodeURIComponent(scriptId)}/session`,
  shareLinkSession: (linkId: string) => `/api/sharelinks/${encodeURIComponent(linkId)}/session`,
  newNotifications: '/api/notifications/new',
  refreshToken: '/api/users/refresh-token',
  signOut: '/api/users/signOut',
  subscriptions: '/api/subscriptions',
  authenticate: '/api/users/authenticate',
  authenticateMicrosoft: '/api/users/authenticate/microsoft',
  createUser: '/api/users/create',
  passwordCode: '/api/users/password/code',
  passwordVerify: '/api/users/password/verify',
  passwordReset: '/api/users/password/reset',
  friendships: '/api/friendships/',
  userPhoto: (photo: string) => `/api/users/photo/${encodeURIComponent(photo)}`,
  activities: '/api/activities/',
  publicConfig: '/api/config/public',
} as const;
