import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '@vox/api-client';
import type { Draft, DraftCommentResult, DraftCommentStart, DraftCommentThreads, DraftCreate, DraftImport, DraftRole, Friendship, TemplateInput } from '@vox/contract';
import { draftEndpoints } from '@vox/contract/drafts';

/** The drafts and templates calls (contract: `endpoints`); errors are ApiError with the server's text. */
const draftKeys = {
  all: ['drafts'] as const,
  list: (search: string) => [...draftKeys.all, 'list', search] as const,
  detail: (draftId: string) => [...draftKeys.all, 'detail', draftId] as const,
  revisions: (draftId: string) => [...draftKeys.all, 'revisions', draftId] as const,
  revision: (draftId: string, revisionId: string) => [...draftKeys.all, 'revision', draftId, revisionId] as const,
  comments: (draftId: string) => [...draftKeys.all, 'comments', draftId] as const,
  people: (draftId: string) => [...draftKeys.all, 'people', draftId] as const,
};
const templateKeys = {
  all: ['templates'] as const,
  list: () => [...templateKeys.all, 'list'] as const,
  detail: (templateId: string) => [...templateKeys.all, 'detail', templateId] as const,
};

export function useDrafts(search: string) {
  return useQuery({
    queryKey: draftKeys.list(search),
    queryFn: () => api.call(draftEndpoints.drafts, { query: { search: search || undefined } }),
    placeholderData: (previous) => previous,
  });
}

export const useDraft = (draftId: string) =>
  useQuery({
    queryKey: draftKeys.detail(draftId),
    queryFn: () => api.call(draftEndpoints.draft, { params: { draftId } }),
    // The editor starts from what the server has now; after that it owns the text.
    staleTime: Infinity,
    gcTime: 0,
    retry: false,
    refetchOnWindowFocus: false,
  });

/** POST /api/drafts/{id}/publish: the draft as it is at `baseRevision` becomes (or updates) its script. */
export const publishDraft = (draftId: string, baseRevision: number) => api.call(draftEndpoints.publishDraft, { params: { draftId }, body: { baseRevision } });

export const getDraft = (draftId: string): Promise<Draft> => api.call(draftEndpoints.draft, { params: { draftId } });

/** Who writes in the draft and its invite links (the owner's). */
export const useDraftPeople = (draftId: string) =>
  // Asked again each time the dialog opens: people join through links meanwhile.
  useQuery({ queryKey: draftKeys.people(draftId), queryFn: () => api.call(draftEndpoints.draftPeople, { params: { draftId } }), refetchOnMount: 'always' });

/** My friends, to invite by name (GET /api/friendships/); a failed fetch is an empty list. */
export const useFriends = () => useQuery({ queryKey: ['friendships'], queryFn: (): Promise<Friendship[]> => api.getFriendships().catch(() => []) });

/** The owner's invitations: a friend, a link, and taking them back. */
export function useSharing(draftId: string) {
  const client = useQueryClient();
  const refresh = () => client.invalidateQueries({ queryKey: draftKeys.people(draftId) });
  return {
    invite: useMutation({ mutationFn: ({ userId, role }: { userId: string; role: DraftRole }) => api.call(draftEndpoints.inviteToDraft, { params: { draftId }, body: { userId, role } }), onSuccess: refresh }),
    remove: useMutation({ mutationFn: (userId: string) => api.call(draftEndpoints.removeFromDraft, { params: { draftId, userId } }), onSuccess: refresh }),
    createLink: useMutation({ mutationFn: (role: DraftRole) => api.call(draftEndpoints.createDraftInviteLink, { params: { draftId }, body: { role } }), onSuccess: refresh }),
    deleteLink: useMutation({ mutationFn: (token: string) => api.call(draftEndpoints.deleteDraftInviteLink, { params: { draftId, token } }), onSuccess: refresh }),
  };
}

/** POST /api/draft-invites/{token}: I take an invite link; answers the draft to open. */
export const joinDraft = (token: string) => api.call(draftEndpoints.joinDraft, { params: { token } });

/** POST /api/drafts/{id}/doc: changes to the shared document (a Yjs update, base64); answers the draft's revision after them. */
export const sendDocUpdate = (draftId: string, update: string, connectionId: string | undefined) =>
  api.call(draftEndpoints.draftDocUpdate, { params: { draftId }, body: { update, ...(connectionId && { connectionId }) } });

/** POST /api/drafts/{id}/awareness: my cursor and selection (a y-protocols awareness update, base64). */
export const sendAwareness = (draftId: string, update: string, connectionId: string) =>
  api.call(draftEndpoints.draftAwareness, { params: { draftId }, body: { update, connectionId } });

/** GET /api/drafts/{id}/live: the co-writing stream (server-sent events, read with fetch). */
export const openDraftStream = (draftId: string, signal: AbortSignal): Promise<Response> => api.stream(`/api/drafts/${encodeURIComponent(draftId)}/live`, { signal });

const createDraft = (input: DraftCreate): Promise<Draft> => api.call(draftEndpoints.createDraft, { body: input });

export function useCreateDraft() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: createDraft,
    onSuccess: () => client.invalidateQueries({ queryKey: draftKeys.all }),
  });
}

export function useDraftActions() {
  const client = useQueryClient();
  const refresh = () => client.invalidateQueries({ queryKey: draftKeys.all });
  return {
    rename: useMutation({ mutationFn: ({ draftId, title }: { draftId: string; title: string }) => api.call(draftEndpoints.renameDraft, { params: { draftId }, body: { title } }), onSuccess: refresh }),
    duplicate: useMutation({ mutationFn: (draftId: string) => api.call(draftEndpoints.duplicateDraft, { params: { draftId } }), onSuccess: refresh }),
    remove: useMutation({ mutationFn: (draftId: string) => api.call(draftEndpoints.deleteDraft, { params: { draftId } }), onSuccess: refresh }),
  };
}

export function useRevisions(draftId: string) {
  return useQuery({ queryKey: draftKeys.revisions(draftId), queryFn: () => api.call(draftEndpoints.draftRevisions, { params: { draftId } }) });
}

export const getRevision = (draftId: string, revisionId: string) => api.call(draftEndpoints.draftRevision, { params: { draftId, revisionId } });

/** Asks the draft's revisions again (after one was named or restored). */
export function useRefreshRevisions(draftId: string) {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: draftKeys.revisions(draftId) });
}

export function useRevision(draftId: string, revisionId: string | null) {
  return useQuery({
    queryKey: draftKeys.revision(draftId, revisionId ?? ''),
    queryFn: () => getRevision(draftId, revisionId ?? ''),
    enabled: Boolean(revisionId),
    staleTime: Infinity,
  });
}

export const nameRevision = (draftId: string, name: string) => api.call(draftEndpoints.createDraftRevision, { params: { draftId }, body: { name } });
export const restoreRevision = (draftId: string, revisionId: string) => api.call(draftEndpoints.restoreDraftRevision, { params: { draftId, revisionId } });
export const draftPdf = (draftId: string): Promise<Blob> => api.call(draftEndpoints.draftPdf, { params: { draftId } });
/** GET /api/drafts/{id}/fdx: the draft as a Final Draft file. */
export const draftFdx = (draftId: string): Promise<Blob> => api.call(draftEndpoints.draftFdx, { params: { draftId } });
/** POST /api/drafts/{id}/revision-color: the next revision colour starts from the text as saved now. */
export const startRevisionColor = (draftId: string): Promise<Draft> => api.call(draftEndpoints.startRevisionColor, { params: { draftId } });

/** POST /api/drafts/import: a Fountain or Final Draft file's text becomes a new draft (the server converts and checks it). */
export function useImportDraft() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: DraftImport): Promise<Draft> => api.call(draftEndpoints.importDraft, { body: input }),
    onSuccess: () => client.invalidateQueries({ queryKey: draftKeys.all }),
  });
}

export function useTemplates() {
  return useQuery({ queryKey: templateKeys.list(), queryFn: () => api.call(draftEndpoints.templates) });
}

export function useTemplate(templateId: string | undefined) {
  return useQuery({
    queryKey: templateKeys.detail(templateId ?? ''),
    queryFn: () => api.call(draftEndpoints.template, { params: { templateId: templateId ?? '' } }),
    enabled: Boolean(templateId),
    retry: false,
  });
}

export function useTemplateActions() {
  const client = useQueryClient();
  const refresh = () => client.invalidateQueries({ queryKey: templateKeys.all });
  return {
    save: useMutation({
      mutationFn: ({ templateId, input }: { templateId: string | null; input: TemplateInput }) =>
        templateId ? api.call(draftEndpoints.saveTemplate, { params: { templateId }, body: input }) : api.call(draftEndpoints.createTemplate, { body: input }),
      onSuccess: refresh,
    }),
    remove: useMutation({ mutationFn: (templateId: string) => api.call(draftEndpoints.deleteTemplate, { params: { templateId } }), onSuccess: refresh }),
  };
}

/**
 * The draft's comment threads. Asked again every 30 s while the editor is open and visible, so a
 * co-writer's comment shows up without a reload.
 */
export function useDraftComments(draftId: string) {
  return useQuery({
    queryKey: draftKeys.comments(draftId),
    queryFn: () => api.call(draftEndpoints.draftComments, { params: { draftId } }),
    refetchInterval: 30_000,
  });
}

/** Starting, replying to, resolving and reopening threads; each answer's thread replaces its old self in the list. */
export function useDraftCommentActions(draftId: string) {
  const client = useQueryClient();
  const put = ({ thread }: DraftCommentResult) =>
    client.setQueryData<DraftCommentThreads>(draftKeys.comments(draftId), (list) => {
      const threads = list?.threads ?? [];
      return { threads: threads.some((t) => t.id === thread.id) ? threads.map((t) => (t.id === thread.id ? thread : t)) : [...threads, thread] };
    });
  return {
    start: useMutation({
      mutationFn: (input: DraftCommentStart) => api.call(draftEndpoints.startDraftComment, { params: { draftId }, body: input }),
      onSuccess: put,
    }),
    reply: useMutation({
      mutationFn: ({ threadId, body }: { threadId: string; body: string }) => api.call(draftEndpoints.replyDraftComment, { params: { draftId, threadId }, body: { body } }),
      onSuccess: put,
    }),
    resolve: useMutation({
      mutationFn: ({ threadId, resolved }: { threadId: string; resolved: boolean }) =>
        api.call(draftEndpoints.resolveDraftComment, { params: { draftId, threadId }, body: { resolved } }),
      onSuccess: put,
    }),
  };
}

/** Saves a file the browser made (a Blob) under `name`. */
export function download(blob: Blob, name: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

export const fileName = (title: string, ext: string) => `${title.replace(/[^\w .-]+/g, '').trim() || 'draft'}.${ext}`;
