import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { api } from '@vox/api-client';
import type { Script, ScriptInput, ScriptList, ScriptListQuery } from '@vox/contract';
import { scriptEndpoints } from '@vox/contract/scripts';

/**
 * The scripts calls of /scripts, /free_scripts and the editor (contract: `endpoints`).
 * Errors are ApiError with the server's `message`, which the UI shows as it is.
 */

const scriptKeys = {
  all: ['scripts'] as const,
  lists: () => [...scriptKeys.all, 'list'] as const,
  list: (query: ScriptListQuery) => [...scriptKeys.lists(), query] as const,
  detail: (scriptId: string) => [...scriptKeys.all, 'detail', scriptId] as const,
};

/** GET /api/scripts: a page of the scripts I may read, narrowed by scope and search. */
const getScripts = (query: ScriptListQuery): Promise<ScriptList> =>
  api.call(scriptEndpoints.scripts, {
    query: { q: query.q || undefined, scope: query.scope, owner: query.owner, page: query.page, pageSize: query.pageSize },
  });

const scriptsQueryOptions = (query: ScriptListQuery) =>
  queryOptions({
    queryKey: scriptKeys.list(query),
    queryFn: () => getScripts(query),
    // The next page or search keeps the cards on screen (dimmed) until its answer arrives.
    placeholderData: keepPreviousData,
    staleTime: 10_000,
  });

export function useScripts(query: ScriptListQuery) {
  return useQuery(scriptsQueryOptions(query));
}

/** GET /api/scripts/{id}: the whole script (404 when it is not mine to read). */
const getScript = (scriptId: string): Promise<Script> => api.call(scriptEndpoints.script, { params: { scriptId } });

const scriptQueryOptions = (scriptId: string) =>
  queryOptions({
    queryKey: scriptKeys.detail(scriptId),
    queryFn: () => getScript(scriptId),
    // The editor starts from what the server has now, not from a copy read minutes ago.
    staleTime: 0,
    retry: false,
  });

export function useScript(scriptId: string | undefined, enabled = true) {
  return useQuery({ ...scriptQueryOptions(scriptId ?? ''), enabled: Boolean(scriptId) && enabled });
}

/** POST /api/scripts (no id) or PUT /api/scripts/{id}: the whole script, lines in order. */
const saveScript = ({ scriptId, input }: { scriptId: string | null; input: ScriptInput }): Promise<Script> =>
  scriptId ? api.call(scriptEndpoints.saveScript, { params: { scriptId }, body: input }) : api.call(scriptEndpoints.createScript, { body: input });

/** DELETE /api/scripts/{id} (owner). */
const deleteScript = (scriptId: string): Promise<undefined> => api.call(scriptEndpoints.deleteScript, { params: { scriptId } });

/** POST /api/scripts/{id}/cover, multipart with the file field "cover" (owner). */
const uploadScriptCover = ({ scriptId, file }: { scriptId: string; file: File }): Promise<Script> => {
  const body = new FormData();
  body.append('cover', file);
  return api.call(scriptEndpoints.uploadScriptCover, { params: { scriptId }, body });
};

/** DELETE /api/scripts/{id}/cover (owner): back to no cover. */
const removeScriptCover = (scriptId: string): Promise<Script> => api.call(scriptEndpoints.removeScriptCover, { params: { scriptId } });

/** A changed script shows in the lists, in its detail, and in any reading session of it. */
function afterChange(client: QueryClient, script: Script | null, scriptId: string) {
  if (script) client.setQueryData(scriptKeys.detail(script.id), script);
  else client.removeQueries({ queryKey: scriptKeys.detail(scriptId) });
  void client.invalidateQueries({ queryKey: scriptKeys.lists() });
  void client.invalidateQueries({ queryKey: ['session'] });
  void client.invalidateQueries({ queryKey: ['history'] });
}

export function useSaveScript() {
  const client = useQueryClient();
  return useMutation({ mutationFn: saveScript, onSuccess: (script) => afterChange(client, script, script.id) });
}

export function useDeleteScript() {
  const client = useQueryClient();
  return useMutation({ mutationFn: deleteScript, onSuccess: (_, scriptId) => afterChange(client, null, scriptId) });
}

export function useUploadScriptCover() {
  const client = useQueryClient();
  return useMutation({ mutationFn: uploadScriptCover, onSuccess: (script) => afterChange(client, script, script.id) });
}

export function useRemoveScriptCover() {
  const client = useQueryClient();
  return useMutation({ mutationFn: removeScriptCover, onSuccess: (script) => afterChange(client, script, script.id) });
}
