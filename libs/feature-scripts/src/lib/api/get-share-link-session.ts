import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@vox/api-client';
import type { ShareLinkSession } from '@vox/contract';
import { scriptEndpoints } from '@vox/contract/scripts';

/** GET /api/sharelinks/{linkId}/session: the session a share link invites into, joining it. */
export const getShareLinkSession = (linkId: string): Promise<ShareLinkSession> => api.getShareLinkSession(linkId);

/** Keyed by the user too: the answer is for whoever opens the link. */
export const shareLinkSessionQueryOptions = (linkId: string, userId: string | undefined) =>
  queryOptions({
    queryKey: ['share-link-session', linkId, userId ?? 'anonymous'],
    queryFn: () => getShareLinkSession(linkId),
    retry: false,
    gcTime: 0,
  });

/** Asks only for a signed-in user: logged out, the page asks them to log in first. */
export function useShareLinkSession(linkId: string, userId: string | undefined) {
  return useQuery({ ...shareLinkSessionQueryOptions(linkId, userId), enabled: Boolean(userId) });
}

/** A link's public preview (title, inviter, role) for a logged-out visitor; none for a bad link. */
export function useShareLinkPreview(linkId: string, enabled: boolean) {
  return useQuery({
    queryKey: ['share-link-preview', linkId],
    queryFn: () => api.call(scriptEndpoints.shareLinkPreview, { params: { linkId } }),
    enabled: enabled && Boolean(linkId),
    retry: false,
    staleTime: 60_000,
  });
}
