import type { ModuleFederationRuntimePlugin } from '@module-federation/enhanced/runtime';
import * as runtime from '@module-federation/runtime';
import * as runtimeCore from '@module-federation/runtime-core';
import bundlerFederation from '@module-federation/webpack-bundler-runtime/bundler';
import { initContainerEntry } from '@module-federation/webpack-bundler-runtime/dist/initContainerEntry.js';

type UserOptions = Parameters<typeof runtime.init>[0];

/**
 * `init` of @module-federation/runtime for a remote's container. The module's own `init` first
 * looks the instance up by its build's id (FEDERATION_BUILD_IDENTIFIER, compiled into each copy),
 * which in the shell's copy is the shell's: a remote calling it would get the shell's instance.
 * This one looks the remote's instance up by name, as the remote's own copy does after its id.
 */
function initRemoteContainer(options: UserOptions) {
  const instances = runtimeCore.CurrentGlobal.__FEDERATION__.__INSTANCES__;
  const normalized = { ...options, id: options.id || '' };
  const instance = instances.find(
    (found) => found.options.name === options.name && (options.version ? found.options.version === options.version : !found.options.version),
  );
  if (!instance) return runtime.createInstance(normalized);
  instance.initOptions(normalized);
  return instance;
}

/**
 * Publishes the shell's federation runtime as the globals that remotes read instead of carrying
 * their own copy, so a page carries one runtime, not one per remote entry:
 * - `_FEDERATION_RUNTIME_CORE` (remotes built with `experiments.externalRuntime`). It does what
 *   @module-federation/inject-external-runtime-core-plugin does, but imports the same ES module
 *   build the shell's runtime already uses: that plugin requires the CommonJS build, which put a
 *   second copy of the runtime (~22 KB gzip) into the shell.
 * - `_FEDERATION_BUNDLER_RUNTIME`: the webpack glue each container's entry imports
 *   (@module-federation/webpack-bundler-runtime with @module-federation/runtime, sdk and
 *   error-codes, ~4.5 KB gzip per remote entry); tools/webpack/web.config.cjs makes the remotes
 *   read it. Each container's entry copies its fields into its own `__webpack_require__.federation`
 *   (instance and options live there); only `runtime.init` is build-specific (above), and the
 *   shell's build leaves `initContainerEntry` out (it exposes nothing), so it is added here.
 */
export default function provideRuntimePlugin(): ModuleFederationRuntimePlugin {
  return {
    name: 'vox-provide-runtime',
    beforeInit(args) {
      const global = runtimeCore.Global as unknown as Record<string, unknown>;
      global['_FEDERATION_RUNTIME_CORE'] ??= runtimeCore;
      global['_FEDERATION_BUNDLER_RUNTIME'] ??= {
        ...bundlerFederation,
        runtime: { ...runtime, init: initRemoteContainer },
        // The shell's build leaves out what only a container with exposes needs.
        bundlerRuntime: { ...bundlerFederation.bundlerRuntime, initContainerEntry },
      };
      return args;
    },
  };
}
