import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@vox/api-client';
import { scriptEndpoints } from '@vox/contract/scripts';
import { sessionKey } from './sessions';

/** DELETE /api/sessions/{id}/participants/{userId}: the session's creator removes someone. */
export const removeParticipant = (sessionId: string, userId: string): Promise<undefined> =>
  api.call(scriptEndpoints.removeParticipant, { params: { sessionId, userId } });

export function useRemoveParticipant(sessionId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (userId: string) => removeParticipant(sessionId, userId),
    onSettled: () => client.invalidateQueries({ queryKey: sessionKey(sessionId) }),
  });
}
