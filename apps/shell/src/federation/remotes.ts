import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import type { ComponentType } from 'react';
import type { RemoteSiteModule } from '@vox/site-routes';
import type { RemoteName } from '@vox/variant';

/**
 * What a remote exposes as './App': the main, school and podcast remotes give the shell
 * a `Frame` and a `Page` per route of the table; the dashboard, and a
 * remote built before that change (one release of compatibility), a `default` App drawn whole.
 */
export type RemoteAppModule = Partial<RemoteSiteModule> & { default?: ComponentType };

/**
 * name -> remote entry URL; read at start-up so remotes can move without rebuilding the shell.
 * `fallbacks`: per released remote, the entry to load when the live one fails (docs/deploy.md
 * "Remote releases").
 */
export type RemotesManifest = Partial<Record<RemoteName, string>> & { fallbacks?: Partial<Record<RemoteName, string>> };

/** The manifest last read. */
export let manifest: RemotesManifest = {};

/** Reads the manifest (or the answer of a read already started, e.g. by main.ts) and registers its remotes. */
export async function registerRemotesFromManifest(url = '/remotes.json', started?: Promise<Response>): Promise<RemotesManifest> {
  const response = await (started ?? fetch(url, { cache: 'no-cache' }));
  if (!response.ok) throw new Error(`The remotes manifest ${url} answered ${response.status}.`);
  const { fallbacks: _fallbacks, ...entries } = (manifest = (await response.json()) as RemotesManifest);
  registerRemotes(
    Object.entries(entries).map(([name, entry]) => ({ name, entry: new URL(entry, window.location.href).href })),
    { force: true },
  );
  return manifest;
}

interface ShareEntry {
  from?: string;
  loaded?: boolean;
}
type ShareScopes = Record<string, Record<string, Record<string, Record<string, ShareEntry>>>>;

/**
 * Forgets the shared modules a remote offered that never finished loading. With one federation
 * runtime per page (remotes built with externalRuntime) a remote's shared modules live in the
 * shell's share scope, and a failed load (a stylesheet chunk that did not arrive) stays there as
 * a rejected promise that a Retry would only get back. The reloaded entry offers them again.
 */
export function forgetFailedShares(remote: RemoteName): void {
  const scopes = (globalThis as { __FEDERATION__?: { __SHARE__?: ShareScopes } }).__FEDERATION__?.__SHARE__ ?? {};
  for (const byScope of Object.values(scopes))
    for (const byName of Object.values(byScope))
      for (const byVersion of Object.values(byName))
        for (const [version, entry] of Object.entries(byVersion)) if (entry.from === remote && !entry.loaded) delete byVersion[version];
}

export async function loadRemoteApp(name: RemoteName): Promise<RemoteAppModule> {
  const module = await loadRemote<RemoteAppModule>(`${name}/App`);
  if (!module?.default && !(module?.Page && module.Frame)) throw new Error(`The ${name} part of VoxClub did not provide its pages.`);
  return module;
}
