import { useCallback } from 'react';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@vox/api-client';
import { useUser } from '@vox/auth';
import {
  castingEndpoints,
  type CastingAudition,
  type CastingAuditionList,
  type CastingAuditionReview,
  type CastingAuditionTake,
  type CastingBoardQuery,
  type CastingCall,
  type CastingCallInput,
  type CastingCallUpdate,
} from '@vox/contract/casting';
import { scriptEndpoints } from '@vox/contract/scripts';
import { takeUploadForm, useTakeQueue, type PendingTake, type TakeQueue, type TakeUploader } from '@vox/recording';

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
  cues: (roleId: string) => ['casting', 'cues', roleId] as const,
  myAuditions: (callId: string, viewer: string | null) => ['casting', 'my-auditions', callId, viewer] as const,
  roleAuditions: (roleId: string) => ['casting', 'role-auditions', roleId] as const,
  scene: (callId: string, auditionIds: string) => ['casting', 'scene', callId, auditionIds] as const,
  reports: (viewer: string | null) => ['casting', 'reports', viewer] as const,
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

// Auditions.

/** A role's sides, each with the cue lines before it (the owner's take where there is one). */
export const useRoleCues = (roleId: string) =>
  useQuery({ queryKey: castingKeys.cues(roleId), queryFn: () => api.call(castingEndpoints.castingRoleCues, { params: { roleId } }), retry: false });

/** My auditions (drafts and sent) in a call. */
export function useMyAuditions(callId: string) {
  const viewer = useUser()?.id ?? null;
  return useQuery({
    queryKey: castingKeys.myAuditions(callId, viewer),
    queryFn: () => api.call(castingEndpoints.myCastingAuditions, { params: { callId } }),
    enabled: viewer !== null && callId !== '',
  });
}

/**
 * An audition take from the outbox (@vox/recording): my draft for the role (the one I have, or
 * a new one when the take was recorded before there was one), then the take. The server stores
 * a recording once per clientId, so a retry after a lost answer confirms the same take.
 */
const uploadAuditionTake: TakeUploader = async (take, onProgress, signal) => {
  if (take.target.kind !== 'audition') throw new Error('Not an audition take.');
  const auditionId = take.target.auditionId ?? (await api.call(castingEndpoints.startCastingAudition, { params: { roleId: take.target.roleId }, signal })).id;
  return api.call(castingEndpoints.uploadAuditionTake, {
    params: { auditionId },
    body: takeUploadForm(take),
    signal,
    onProgress: (sent, total) => onProgress(total > 0 ? sent / total : 0),
  });
};

/** My audition for the role with the take of its line the server confirmed (the line's earlier take and the whole file go). */
const withAuditionTake = (list: CastingAuditionList, roleId: string, take: CastingAuditionTake): CastingAuditionList => ({
  items: list.items.map((a) =>
    a.roleId !== roleId || a.status !== 'draft'
      ? a
      : { ...a, wholeFile: null, takes: a.takes.some((t) => t.lineId === take.lineId) ? a.takes.map((t) => (t.lineId === take.lineId ? take : t)) : [...a.takes, take] },
  ),
});

/**
 * The page's take queue sending audition takes: a confirmed take goes into my cached auditions at
 * once (so the side shows it, not the take it replaced), and they are asked for again.
 */
export function useAuditionTakeQueue(): TakeQueue {
  const client = useQueryClient();
  const uploaded = useCallback(
    (pending: PendingTake, answer: unknown) => {
      if (pending.target.kind !== 'audition') return;
      const key = castingKeys.myAuditions(pending.target.callId, pending.userId);
      const roleId = pending.target.roleId;
      // No answer: the offline worker sent it; the list below is asked again either way.
      if (answer !== null) client.setQueryData<CastingAuditionList>(key, (old) => old && withAuditionTake(old, roleId, answer as CastingAuditionTake));
      void client.invalidateQueries({ queryKey: key });
    },
    [client],
  );
  return useTakeQueue('audition', uploadAuditionTake, uploaded);
}

/**
 * Recording an audition: my draft (started by the first take or file), one file for the whole
 * audition, send and withdraw; the takes go through the outbox (useAuditionTakeQueue). Each
 * answer refreshes my auditions in the call.
 */
export function useAuditionActions(callId: string, roleId: string) {
  const client = useQueryClient();
  const viewer = useUser()?.id ?? null;
  const refresh = () => client.invalidateQueries({ queryKey: castingKeys.myAuditions(callId, viewer) });
  const draft = async (current: CastingAudition | undefined) =>
    current?.status === 'draft' ? current : api.call(castingEndpoints.startCastingAudition, { params: { roleId } });
  const uploadFile = useMutation({
    mutationFn: async (file: { current: CastingAudition | undefined; audio: File }) => {
      const audition = await draft(file.current);
      const form = new FormData();
      form.append('audio', file.audio, file.audio.name);
      return api.call(castingEndpoints.uploadAuditionFile, { params: { auditionId: audition.id }, body: form });
    },
    onSettled: refresh,
  });
  const send = useMutation({
    mutationFn: (auditionId: string) => api.call(castingEndpoints.sendCastingAudition, { params: { auditionId } }),
    onSettled: refresh,
  });
  const withdraw = useMutation({
    mutationFn: (auditionId: string) => api.call(castingEndpoints.withdrawCastingAudition, { params: { auditionId } }),
    onSettled: refresh,
  });
  return { uploadFile, send, withdraw };
}

// The owner's review.

/** The sent auditions for one of my roles, oldest first. */
export const useRoleAuditions = (roleId: string) =>
  useQuery({ queryKey: castingKeys.roleAuditions(roleId), queryFn: () => api.call(castingEndpoints.castingRoleAuditions, { params: { roleId } }), retry: false });

/** Note, star, rating: the answer replaces the audition in the role's list. */
export function useReviewAudition(roleId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (change: { auditionId: string; review: CastingAuditionReview }) =>
      api.call(castingEndpoints.reviewCastingAudition, { params: { auditionId: change.auditionId }, body: change.review }),
    onSuccess: (audition) =>
      client.setQueryData<{ items: CastingAudition[] }>(castingKeys.roleAuditions(roleId), (old) =>
        old && { items: old.items.map((a) => (a.id === audition.id ? audition : a)) },
      ),
  });
}

/** The chosen auditions' roles' sides and cues in script order: "the scene with this cast". */
export const useCastingScene = (callId: string, auditionIds: readonly string[]) =>
  useQuery({
    queryKey: castingKeys.scene(callId, auditionIds.join(',')),
    queryFn: () => api.call(castingEndpoints.castingScene, { params: { callId }, query: { auditions: auditionIds.join(',') } }),
    enabled: auditionIds.length > 0,
  });

/** Cast the role: the member gets a message and a table read with the role; the call shows it cast. */
export function useCastRole(roleId: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { auditionId: string; notifyOthers: boolean }) => api.call(castingEndpoints.castCastingRole, { params: { roleId }, body: input }),
    onSuccess: () => client.invalidateQueries({ queryKey: castingKeys.all }),
  });
}

// Reports and staff hiding.

/** Report a call to staff; the reason is optional, and reporting again replaces mine. */
export const useReportCall = (callId: string) =>
  useMutation({
    mutationFn: (reason: string) => api.call(castingEndpoints.reportCastingCall, { params: { callId }, body: reason.trim() ? { reason: reason.trim() } : {} }),
  });

/** Staff: reported calls, most recently reported first. */
export function useReportedCalls() {
  const viewer = useUser()?.id ?? null;
  return useQuery({
    queryKey: castingKeys.reports(viewer),
    queryFn: () => api.call(castingEndpoints.reportedCastingCalls),
    enabled: viewer !== null,
    retry: false,
  });
}

/** Staff: hide a call (off the board, not found for all but its owner) or show it again. */
export function useHideCall() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (change: { callId: string; hidden: boolean }) => api.call(castingEndpoints.hideCastingCall, { params: { callId: change.callId }, body: { hidden: change.hidden } }),
    onSuccess: () => client.invalidateQueries({ queryKey: castingKeys.all }),
  });
}
