import type { Friendship, User } from '@vox/contract';

/**
 * Seed section 6: you are always your own friend; anyone else must appear by id in the friends
 * list. A failed friends fetch leaves no list, which the seed treats as an empty one.
 */
export function isFriend(
  me: Pick<User, 'id'> | null | undefined,
  otherUserId: string,
  friendships: readonly Friendship[] | null | undefined,
): boolean {
  if (!me) return false;
  if (me.id === otherUserId) return true;
  if (!Array.isArray(friendships)) return false;
  return friendships.some((friendship) => friendship?.user?.id === otherUserId);
}
