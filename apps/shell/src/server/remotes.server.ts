// In the server render module this module takes the place of ../federation/remotes (a
// NormalModuleReplacementPlugin in tools/webpack/server.config.cjs): the remote is not fetched
// through the federation runtime, it is the remote's own ./App, bundled into the module at its build.
import type { ComponentType } from 'react';
import type { RemoteSiteModule } from '@vox/site-routes';
// The remote's ./App (apps/<remote>/src/app/app.tsx), by the build's alias.
import * as remoteApp from 'vox-server-remote';

export type RemoteAppModule = Partial<RemoteSiteModule> & { default?: ComponentType };
export type RemotesManifest = Record<string, string> & { fallbacks?: Record<string, string> };

export const manifest: RemotesManifest = {};

export async function registerRemotesFromManifest(): Promise<RemotesManifest> {
  return manifest;
}

export function forgetFailedShares(): void {
  // Nothing is shared through a scope here.
}

export async function loadRemoteApp(): Promise<RemoteAppModule> {
  return remoteApp as RemoteAppModule;
}
