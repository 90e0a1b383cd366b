import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import type { ComponentType } from 'react';
import type { RemoteName } from '@vox/variant';

/** What every remote exposes as './App': the routes and pages of its variant. */
export interface RemoteAppModule {
  default: ComponentType;
}

/** name -> remote entry URL; read at start-up so remotes can move without rebuilding the shell. */
export type RemotesManifest = Partial<Record<RemoteName, string>>;

export async function registerRemotesFromManifest(url = '/remotes.json'): Promise<RemotesManifest> {
  const response = await fetch(url, { cache: 'no-cache' });
  if (!response.ok) throw new Error(`The remotes manifest ${url} answered ${response.status}.`);
  const manifest = (await response.json()) as RemotesManifest;
  registerRemotes(
    Object.entries(manifest).map(([name, entry]) => ({ name, entry: new URL(entry as string, window.location.href).href })),
    { force: true },
  );
  return manifest;
}

export async function loadRemoteApp(name: RemoteName): Promise<RemoteAppModule> {
  const module = await loadRemote<RemoteAppModule>(`${name}/App`);
  if (!module?.default) throw new Error(`The ${name} part of VoxClub did not provide its pages.`);
  return module;
}
