import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@vox/api-client';
import { type CommentInput, schoolEndpoints } from '@vox/contract/school';

/** The class assignment work tied to a reading session (docs/school.md), as the reader shows it. */
const workKey = (sessionId: string) => ['session-work', sessionId] as const;

const fetchWork = (sessionId: string) => api.call(schoolEndpoints.sessionWork, { params: { sessionId } });

export const useSessionWork = (sessionId: string) => useQuery({ queryKey: workKey(sessionId), queryFn: () => fetchWork(sessionId) });

/**
 * The work's state from the server just now (takes recorded since the panel loaded count), put in
 * the cache; null when it could not be asked.
 */
export function useFreshWork(sessionId: string) {
  const client = useQueryClient();
  return () => client.fetchQuery({ queryKey: workKey(sessionId), queryFn: () => fetchWork(sessionId), staleTime: 0 }).catch(() => null);
}

/**
 * The student hands the work in, or the teacher returns it or marks it complete; the work is asked
 * again after each (and with `refresh`, after a comment).
 */
export function useWorkDecisions(sessionId: string, workId: string) {
  const client = useQueryClient();
  const refresh = () => client.invalidateQueries({ queryKey: workKey(sessionId) });
  return {
    refresh,
    submit: useMutation({ mutationFn: () => api.call(schoolEndpoints.submitWork, { params: { workId } }), onSuccess: refresh }),
    review: useMutation({
      mutationFn: (decision: 'returned' | 'complete') => api.call(schoolEndpoints.reviewWork, { params: { workId }, body: { decision } }),
      onSuccess: refresh,
    }),
  };
}

/** The teacher's comment on the work, a line, or a time in a take. */
export const useCommentOnWork = (workId: string, onSuccess: () => void) =>
  useMutation({ mutationFn: (body: CommentInput) => api.call(schoolEndpoints.commentOnWork, { params: { workId }, body }), onSuccess });
