import { coreEndpoints } from '@vox/contract';

const normalize = (path: string): string => path.split(/[?#]/)[0].replace(/\/+$/, '').toLowerCase();

/** The refresh call must never refresh itself: its 401 simply means "not logged in". */
export function isRefreshPath(path: string): boolean {
  return normalize(path).endsWith(normalize(coreEndpoints.refreshToken.path));
}
