// Through the core entry's shared name, so an area's entry uses the shell's one copy of the helper
// (a relative import would put a second copy of endpoint-meta.ts in the area's federation chunk).
// eslint-disable-next-line @nx/enforce-module-boundaries -- another entry of this lib (federation singleton); index.ts imports no area at run time
import { named } from '@vox/contract';

/**
 * The social area's calls: friends, messages and conversations, profiles and
 * photos, the first-run handle suggestion. Web: @vox/contract/social.
 * One description per call: ./all-endpoints.ts assembles the full table from the areas' parts.
 */
export const socialEndpoints = named({
  friendRequests: { method: 'GET', path: '/api/friendships/requests', auth: 'user' },
  /** `to` (handle or email) or `userId`; accepts their request when they asked first. */
  sendFriendRequest: { method: 'POST', path: '/api/friendships/requests', auth: 'user' },
  acceptFriendRequest: { method: 'POST', path: '/api/friendships/requests/:userId/accept', auth: 'user' },
  declineFriendRequest: { method: 'POST', path: '/api/friendships/requests/:userId/decline', auth: 'user' },
  cancelFriendRequest: { method: 'DELETE', path: '/api/friendships/requests/:userId', auth: 'user' },
  removeFriend: { method: 'DELETE', path: '/api/friendships/:userId', auth: 'user' },
  notifications: { method: 'GET', path: '/api/notifications', auth: 'user' },
  markNotificationsSeen: { method: 'PUT', path: '/api/notifications/seen', auth: 'user' },
  sendMessage: { method: 'POST', path: '/api/messages', auth: 'user' },
  profile: { method: 'GET', path: '/api/users/profile/:userId', auth: 'optional' },
  profileByHandle: { method: 'GET', path: '/api/users/by-handle/:handle', auth: 'optional' },
  updateMyProfile: { method: 'PATCH', path: '/api/users/me', auth: 'user' },
  /** File field "photo". */
  uploadMyPhoto: { method: 'POST', path: '/api/users/photo', auth: 'user', multipart: true },
  removeMyPhoto: { method: 'DELETE', path: '/api/users/photo', auth: 'user' },
  /** My threads, newest first, with unread counts. */
  conversations: { method: 'GET', path: '/api/conversations', auth: 'user' },
  /** One thread with another member, oldest first (side-effect free; reading is marked apart). */
  conversation: { method: 'GET', path: '/api/conversations/:userId', auth: 'user' },
  /** Marks their messages up to `upTo` read. */
  markConversationRead: { method: 'PUT', path: '/api/conversations/:userId/read', auth: 'user' },
  /** A free handle made from my email, for the first-run step. */
  handleSuggestion: { method: 'GET', path: '/api/users/me/handle-suggestion', auth: 'user' },
});
