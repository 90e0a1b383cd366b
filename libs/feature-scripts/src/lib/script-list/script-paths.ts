/** /script/{id} resolves the script to my reading session of it (seed section 2). */
export const scriptHref = (scriptId: string): string => `/script/${encodeURIComponent(scriptId)}`;
export const scriptEditHref = (scriptId: string): string => `/scripts/edit/${encodeURIComponent(scriptId)}`;
export const SCRIPT_CREATE_PATH = '/scripts/create';
export const SCRIPTS_PATH = '/scripts';
