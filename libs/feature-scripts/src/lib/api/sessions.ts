import { useCallback } from 'react';
import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@vox/api-client';
import type { Friendship, HistoryList, ScriptSession, SessionDetail, ShareLink, ShareLinkSession, Take } from '@vox/contract';
import { scriptEndpoints } from '@vox/contract/scripts';
import { takeUploadForm, useTakeQueue, type PendingTake, type TakeQueue, type TakeUploader } from '@vox/recording';
import { keepTakeAudio } from '../session-playback/kept-take-audio';

/**
 * The reading-session calls of the reader, the share dialog and /history (contract:
 * `endpoints`). Every mutation updates or invalidates the query it changes; errors are
 * ApiError with the server's `message`, which the UI shows as it is.
 */

export const sessionKey = (sessionId: string) => ['session', sessionId] as const;

/** GET /api/sessions/{id}: script, participants, my seat and every take, in one answer. */
const getSession = (sessionId: string): Promise<SessionDetail> => api.call(scriptEndpoints.session, { params: { sessionId } });

/** Marked when a session's answer is in, for the reader benchmark (tools/bench/reader). */
const SESSION_DATA_MARK = 'vox:reader-data';

const sessionQueryOptions = (sessionId: string) =>
  queryOptions({
    queryKey: sessionKey(sessionId),
    queryFn: async () => {
      const session = await getSession(sessionId);
      performance.mark?.(SESSION_DATA_MARK);
      return session;
    },
    // Other readers' takes and roles arrive by asking again: on focus and with the Refresh button.
    staleTime: 0,
    refetchOnWindowFocus: true,
  });

export function useSession(sessionId: string) {
  return useQuery(sessionQueryOptions(sessionId));
}

/** PUT /api/sessions/{id}/role: claim a role, or give it up with null. */
const claimRole = (sessionId: string, role: string | null): Promise<unknown> =>
  api.call(scriptEndpoints.claimRole, { params: { sessionId }, body: { role } });

export function useClaimRole(sessionId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (role: string | null) => claimRole(sessionId, role),
    // The answer's shape is not the point: who reads what changes for everyone, so ask again.
    onSettled: () => client.invalidateQueries({ queryKey: sessionKey(sessionId) }),
  });
}

/** Adds (or replaces, by id) a confirmed take in the cached session; the server makes it the pick. */
function withTake(session: SessionDetail, take: Take): SessionDetail {
  const others = session.takes.filter((t) => t.id !== take.id);
  const takes = take.picked ? others.map((t) => (t.lineId === take.lineId && t.picked ? { ...t, picked: false } : t)) : others;
  return { ...session, takes: [...takes, take] };
}

/** DELETE /api/sessions/{id}/takes/{takeId} (my own take). */
const deleteTake = (sessionId: string, takeId: string): Promise<unknown> => api.call(scriptEndpoints.deleteTake, { params: { sessionId, takeId } });

/** PUT /api/sessions/{id}/takes/{takeId}/pick: the take playback uses for its line. */
const pickTake = (sessionId: string, takeId: string): Promise<unknown> => api.call(scriptEndpoints.pickTake, { params: { sessionId, takeId } });

export function useDeleteTake(sessionId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (takeId: string) => deleteTake(sessionId, takeId),
    onSuccess: (_answer, takeId) =>
      client.setQueryData<SessionDetail>(sessionKey(sessionId), (old) => old && { ...old, takes: old.takes.filter((t) => t.id !== takeId) }),
    // Deleting the pick may promote another take on the server: its view wins.
    onSettled: () => client.invalidateQueries({ queryKey: sessionKey(sessionId) }),
  });
}

export function usePickTake(sessionId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (takeId: string) => pickTake(sessionId, takeId),
    onSuccess: (_answer, takeId) =>
      client.setQueryData<SessionDetail>(sessionKey(sessionId), (old) => {
        const take = old?.takes.find((t) => t.id === takeId);
        return old && take ? withTake(old, { ...take, picked: true }) : old;
      }),
    onSettled: () => client.invalidateQueries({ queryKey: sessionKey(sessionId) }),
  });
}

const shareLinksKey = (sessionId: string) => ['session', sessionId, 'sharelinks'] as const;

/** GET /api/sessions/{id}/sharelinks. */
const getShareLinks = (sessionId: string): Promise<ShareLink[]> => api.call(scriptEndpoints.shareLinks, { params: { sessionId } });

export function useShareLinks(sessionId: string, enabled = true) {
  return useQuery({ queryKey: shareLinksKey(sessionId), queryFn: () => getShareLinks(sessionId), enabled, staleTime: 0 });
}

/** POST /api/sessions/{id}/sharelinks { role }: a new link, optionally for one role. */
const createShareLink = (sessionId: string, role: string | null): Promise<ShareLink> =>
  api.call(scriptEndpoints.createShareLink, { params: { sessionId }, body: { role } });

export function useCreateShareLink(sessionId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (role: string | null) => createShareLink(sessionId, role),
    onSuccess: () => client.invalidateQueries({ queryKey: shareLinksKey(sessionId) }),
  });
}

/** DELETE /api/sharelinks/{linkId}: the link stops working at once. */
const revokeShareLink = (linkId: string): Promise<unknown> => api.call(scriptEndpoints.revokeShareLink, { params: { linkId } });

export function useRevokeShareLink(sessionId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (linkId: string) => revokeShareLink(linkId),
    onSuccess: () => client.invalidateQueries({ queryKey: shareLinksKey(sessionId) }),
  });
}

/** POST /api/sessions/{id}/invitations { userId, role }: the friend gets a message with a link. */
const inviteFriend = (sessionId: string, userId: string, role: string | null): Promise<unknown> =>
  api.call(scriptEndpoints.inviteToSession, { params: { sessionId }, body: { userId, role } });

export function useInviteFriend(sessionId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, role }: { userId: string; role: string | null }) => inviteFriend(sessionId, userId, role),
    onSuccess: () => client.invalidateQueries({ queryKey: shareLinksKey(sessionId) }),
  });
}

const friendshipsKey = ['friendships'] as const;

/** GET /api/friendships/; a failed fetch is an empty list. */
const getFriends = (): Promise<Friendship[]> => api.getFriendships().catch(() => []);

export function useFriends(enabled = true) {
  return useQuery({ queryKey: friendshipsKey, queryFn: getFriends, enabled });
}

/** GET /api/history?page: my sessions, newest activity first, with my progress. */
const getHistory = (page: number): Promise<HistoryList> => api.call(scriptEndpoints.history, { query: { page } });

/** Query keys of /history: one per page, under ['history']. */
const historyKeys = {
  all: ['history'] as const,
  page: (page: number) => [...historyKeys.all, page] as const,
};

const historyQueryOptions = (page: number) =>
  queryOptions({ queryKey: historyKeys.page(page), queryFn: () => getHistory(page), placeholderData: keepPreviousData, staleTime: 0 });

export function useHistory(page: number) {
  return useQuery(historyQueryOptions(page));
}

/** GET /api/scripts/{scriptId}/session: my current reading session of the script (created when needed). */
const getScriptSession = (scriptId: string): Promise<ScriptSession> => api.getScriptSession(scriptId);

const scriptSessionQueryOptions = (scriptId: string) =>
  queryOptions({
    queryKey: ['script-session', scriptId],
    queryFn: () => getScriptSession(scriptId),
    // A missing script is an answer, not a hiccup: the page goes back at once instead of retrying.
    retry: false,
    // Asked afresh on every visit: the current session may have changed since.
    gcTime: 0,
  });

export function useScriptSession(scriptId: string) {
  return useQuery(scriptSessionQueryOptions(scriptId));
}

/** GET /api/sharelinks/{linkId}/session: the session a share link invites into, joining it. */
const getShareLinkSession = (linkId: string): Promise<ShareLinkSession> => api.getShareLinkSession(linkId);

/** Keyed by the user too: the answer is for whoever opens the link. */
const shareLinkSessionQueryOptions = (linkId: string, userId: string | undefined) =>
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

/** DELETE /api/sessions/{id}/participants/{userId}: the session's creator removes someone. */
const removeParticipant = (sessionId: string, userId: string): Promise<undefined> =>
  api.call(scriptEndpoints.removeParticipant, { params: { sessionId, userId } });

export function useRemoveParticipant(sessionId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (userId: string) => removeParticipant(sessionId, userId),
    onSettled: () => client.invalidateQueries({ queryKey: sessionKey(sessionId) }),
  });
}

/**
 * POST /api/sessions/{id}/takes (@vox/recording's takeUploadForm). 201 is a new take, 200 one
 * that had already arrived under this clientId: both confirm it.
 */
const uploadTake: TakeUploader = (take, onProgress, signal) => {
  if (take.target.kind !== 'read') return Promise.reject(new Error('Not a table read take.'));
  return api.call(scriptEndpoints.uploadTake, {
    params: { sessionId: take.target.sessionId },
    body: takeUploadForm(take),
    signal,
    onProgress: (sent, total) => onProgress(total > 0 ? sent / total : 0),
  });
};

/** GET /api/sessions/{id}/takes/{takeId}/audio: one take's recording, to save as a file. */
export const downloadTake = (sessionId: string, takeId: string): Promise<Blob> => api.call(scriptEndpoints.downloadTake, { params: { sessionId, takeId } });

/**
 * The page's take queue sending table-read takes (@vox/recording's outbox); a take it confirmed
 * goes into the cached session at once, its audio into the offline worker's copies, and /history
 * asks again (its progress moved). A take the offline worker sent (no answer here; the worker kept
 * its audio) makes the session ask again.
 */
export function useReadTakeQueue(): TakeQueue {
  const client = useQueryClient();
  const uploaded = useCallback(
    (pending: PendingTake, answer: unknown) => {
      if (pending.target.kind !== 'read') return;
      if (answer === null) {
        void client.invalidateQueries({ queryKey: sessionKey(pending.target.sessionId) });
      } else {
        client.setQueryData<SessionDetail>(sessionKey(pending.target.sessionId), (old) => old && withTake(old, answer as Take));
        void keepTakeAudio((answer as Take).audio, pending.audio, pending.contentType);
      }
      void client.invalidateQueries({ queryKey: historyKeys.all });
    },
    [client],
  );
  return useTakeQueue('read', uploadTake, uploaded);
}
