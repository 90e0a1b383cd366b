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

const seg = encodeURIComponent;

/** The social area's API paths beyond the seed's section 7 (issue 6; REST style, under /api). */
export const socialApiPaths = {
  /** GET: pending requests to me and from me. POST { to }: send one (or accept theirs). */
  friendRequests: '/api/friendships/requests',
  /** POST: accept the request this user sent me. */
  acceptFriendRequest: (userId: string) => `/api/friendships/requests/${seg(userId)}/accept`,
  /** POST: decline the request this user sent me. */
  declineFriendRequest: (userId: string) => `/api/friendships/requests/${seg(userId)}/decline`,
  /** DELETE: cancel the request I sent to this user. */
  friendRequest: (userId: string) => `/api/friendships/requests/${seg(userId)}`,
  /** DELETE: end the friendship with this user. */
  friend: (userId: string) => `/api/friendships/${seg(userId)}`,
  /** GET (page, pageSize): my messages, newest first. */
  notifications: '/api/notifications',
  /** GET: my last-seen mark. PUT { id }: move it forward. */
  notificationsSeen: '/api/notifications/seen',
  /** POST { to, text }: a direct message to a friend. */
  messages: '/api/messages',
  profile: (userId: string) => `/api/users/profile/${seg(userId)}`,
  profileByHandle: (handle: string) => `/api/users/by-handle/${seg(handle)}`,
  /** PATCH { name, handle, bio }: edit my profile. */
  me: '/api/users/me',
  /** POST multipart (file field "photo"): my new photo. DELETE: remove it. */
  myPhoto: '/api/users/photo',
} as const;
