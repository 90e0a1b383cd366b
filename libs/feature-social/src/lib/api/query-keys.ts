/** React Query keys of the social area; mutations invalidate `all` (friends, requests, profiles). */
export const socialKeys = {
  all: ['social'] as const,
  friends: (userId: string | null) => ['social', 'friends', userId] as const,
  requests: (userId: string | null) => ['social', 'requests', userId] as const,
  profile: (by: 'id' | 'handle', value: string, viewerId: string | null) => ['social', 'profile', by, value.toLowerCase(), viewerId] as const,
  publicScripts: (userId: string) => ['social', 'public-scripts', userId] as const,
};
