// The reader's live channel (docs/live.md): its stream, what it tells the server, what it refreshes.
import { useMemo } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { api } from '@vox/api-client';
import { pathFor } from '@vox/contract';
import { liveEndpoints } from '@vox/contract/live';
import { sessionKey } from './sessions';

/** Opens the session's event stream through the API client. */
export const openLiveStream = (sessionId: string, signal: AbortSignal): Promise<Response> => api.stream(pathFor(liveEndpoints.liveSession, { sessionId }), { signal });

/** Tells the others (through the server) which line I record on this connection; best effort. */
export function tellPresence(sessionId: string, connectionId: string, recordingLineId: string | null): void {
  api.call(liveEndpoints.livePresence, { params: { sessionId }, body: { connectionId, recordingLineId } }).catch(() => undefined);
}

/**
 * What a live event makes ask again: the session (invalidated, so nothing remounts) and my
 * messages (the red dot and Messages show a notice too). Stable while the session is.
 */
export function useLiveRefresh(sessionId: string) {
  const client = useQueryClient();
  return useMemo(
    () => ({
      session: () => void client.invalidateQueries({ queryKey: sessionKey(sessionId) }),
      notifications: () => void client.invalidateQueries({ queryKey: ['notifications'] }),
    }),
    [client, sessionId],
  );
}
