import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';
import * as runtimeCore from '@module-federation/runtime-core';

/**
 * Publishes the shell's federation runtime as the global that remotes built with
 * `experiments.externalRuntime` read (`_FEDERATION_RUNTIME_CORE`), so a page carries one runtime,
 * not one per remote entry. It does what @module-federation/inject-external-runtime-core-plugin
 * does, but imports the same ES module build the shell's runtime already uses: that plugin
 * requires the CommonJS build, which put a second copy of the runtime (~22 KB gzip) into the shell.
 */
export default function provideRuntimePlugin(): ModuleFederationRuntimePlugin {
  return {
    name: 'vox-provide-runtime',
    beforeInit(args) {
      const global = runtimeCore.Global as unknown as Record<string, unknown>;
      global['_FEDERATION_RUNTIME_CORE'] ??= runtimeCore;
      return args;
    },
  };
}
