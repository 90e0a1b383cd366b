import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@vox/api-client';
import { useUser } from '@vox/auth';
import { castingEndpoints, type CastingBoardQuery, type CastingCall, type CastingCallInput, type CastingCallUpdate } from '@vox/contract/casting';
import { scriptEndpoints } from '@vox/contract/scripts';

/** React Query keys of the casting area; every change to a call invalidates `all`. */
const castingKeys = {
  all: ['casting'] as const,
  board: (query: CastingBoardQuery, viewer: string | null) => ['casting', 'board', query, viewer] as const,
  call: (callId: string, viewer: string | null) => ['casting', 'call', callId, viewer] as const,
  link: (linkId: string, viewer: string | null) => ['casting', 'link', linkId, viewer] as const,
  mine: (page: number, viewer: string | null) => ['casting', 'mine', page, viewer] as const,
  limits: (viewer: string | null) => ['casting', 'limits', viewer] as const,
  myScripts: (viewer: string | null) => ['casting', 'my-scripts', viewer] as const,
  script: (scriptId: string) => ['casting', 'script', scriptId] as const,
};

/** The board: open calls newest first, filtered; the last page stays in view while the next one loads. */
export function useCastingBoard(query: CastingBoardQuery) {
  const viewer = useUser()?.id ?? null;
  return useQuery({
    queryKey: castingKeys.board(query, viewer),
    queryFn: () => api.call(castingEndpoints.castingCalls, { query }),
    placeholderData: keepPreviousData,
  });
}

/** One call, by its id or (a link-only call's address) by its link id. */
export function useCastingCall(by: { callId: string } | { linkId: string }) {
  const viewer = useUser()?.id ?? null;
  return useQuery({
    queryKey: 'callId' in by ? castingKeys.call(by.callId, viewer) : castingKeys.link(by.linkId, viewer),
    queryFn: () =>
      'callId' in by
        ? api.call(castingEndpoints.castingCall, { params: { callId: by.callId } })
        : api.call(castingEndpoints.castingCallByLink, { params: { linkId: by.linkId } }),
    retry: false,
  });
}

export function useMyCastingCalls(page: number) {
  const viewer = useUser()?.id ?? null;
  return useQuery({
    queryKey: castingKeys.mine(page, viewer),
    queryFn: () => api.call(castingEndpoints.myCastingCalls, { query: page > 1 ? { page } : {} }),
    enabled: viewer !== null,
  });
}

/** How many open calls I have and may have: shown before posting, so the limit is no surprise. */
export function useCastingLimits() {
  const viewer = useUser()?.id ?? null;
  return useQuery({
    queryKey: castingKeys.limits(viewer),
    queryFn: () => api.call(castingEndpoints.castingLimits),
    enabled: viewer !== null,
  });
}

/** My scripts to post a call from (the first page of my own, newest first). */
export function useMyScripts() {
  const viewer = useUser()?.id ?? null;
  return useQuery({
    queryKey: castingKeys.myScripts(viewer),
    queryFn: () => api.call(scriptEndpoints.scripts, { query: { scope: 'mine', pageSize: 100 } }),
    enabled: viewer !== null,
  });
}

/** A script's roles and lines, for choosing the roles to cast and their audition sides. */
export function useCastingScript(scriptId: string | null) {
  return useQuery({
    queryKey: castingKeys.script(scriptId ?? ''),
    queryFn: () => api.call(scriptEndpoints.script, { params: { scriptId: scriptId ?? '' } }),
    enabled: scriptId !== null,
  });
}

function useCallChange<V>(call: (vars: V) => Promise<CastingCall>) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSuccess: () => client.invalidateQueries({ queryKey: castingKeys.all }),
  });
}

export const useCreateCastingCall = () => useCallChange((body: CastingCallInput) => api.call(castingEndpoints.createCastingCall, { body }));

export const useUpdateCastingCall = (callId: string) =>
  useCallChange((body: CastingCallUpdate) => api.call(castingEndpoints.updateCastingCall, { params: { callId }, body }));

/** Close early or reopen (before the deadline, within the open-calls limit). */
export const useCallStatus = (callId: string) =>
  useCallChange((action: 'close' | 'reopen') =>
    api.call(action === 'close' ? castingEndpoints.closeCastingCall : castingEndpoints.reopenCastingCall, { params: { callId } }),
  );
