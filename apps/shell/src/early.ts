import type { EarlyRead } from '@vox/api-client';

/**
 * The requests the first render waits for, started by main.ts as soon as the shell's entry runs,
 * not after its chunk tree (React, the router, the shared libs) has arrived: the
 * start-up token refresh (nothing renders until it has ended), the public config
 * (@vox/auth's bootstrap waits for its Microsoft settings too) and the remotes manifest. Plain
 * fetch, no imports: this file is part of the entry chunk, before the federation's async
 * boundary, where no shared module may be used. @vox/auth reads the answers (`answerOf`).
 */
export interface EarlyRequests {
  refresh: Promise<Response>;
  publicConfig: Promise<Response>;
  manifest: Promise<Response>;
  /**
   * The first reads of the page the path shows, sent once the refresh has ended (only
   * early-script.js sends them; without it the page's calls go as usual). Given to @vox/api-client.
   */
  reads?: Promise<EarlyRead[]>;
  /** The answers of the page's queries, by query key, when the server drew the page (docs/public-pages.md "Bodies"). */
  queries?: Array<[readonly unknown[], unknown]>;
}

function startEarlyRequests(): EarlyRequests {
  // Same calls as @vox/api-client's refreshToken and getPublicConfig and the shell's manifest read;
  // their answers are read there. Rejections are kept for the reader (a network failure is handled
  // there).
  const refresh = fetch('/api/users/refresh-token', { method: 'POST', credentials: 'include' });
  const publicConfig = fetch('/api/config/public');
  const manifest = fetch('/remotes.json', { cache: 'no-cache' });
  for (const started of [refresh, publicConfig, manifest]) started.catch(() => undefined);
  return { refresh, publicConfig, manifest };
}

/**
 * The requests early-script.js (the page's first script in a production build) already sent, or
 * these requests sent now (the dev server has no such script). Taken once: never two refreshes,
 * the refresh token rotates on every use.
 */
export function takeEarlyRequests(): EarlyRequests {
  const page = window as { __voxEarly?: EarlyRequests };
  const early = page.__voxEarly;
  delete page.__voxEarly;
  return early ?? startEarlyRequests();
}
