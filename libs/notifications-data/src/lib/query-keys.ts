/**
 * React Query keys the shell's red dot (@vox/feature-notifications) and the Messages page
 * (@vox/feature-social) share: feature libs cannot import each other, so the keys live in this
 * data-access lib both import. The seen mark is read once per user; the Messages page writes the
 * moved mark into it, which changes the poll's `after` and clears the dot at once.
 */
export const notificationQueryKeys = {
  seen: (userId: string | null) => ['notifications', 'seen', userId] as const,
  newCount: (userId: string | null, after: string | null) => ['notifications', 'new', userId, after] as const,
  list: (userId: string | null, page: number) => ['notifications', 'list', userId, page] as const,
} as const;
