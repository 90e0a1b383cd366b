// Specs only. jsdom has no TextEncoder, which typebox (loaded through @vox/contract) needs when it
// loads; Node's is the same API. Import this first in a spec. Better placed in
// tools/jest/jsdom-setup.cjs, which this lib does not own.
import { TextDecoder, TextEncoder } from 'node:util';

const globals = globalThis as { TextEncoder?: unknown; TextDecoder?: unknown };
globals.TextEncoder ??= TextEncoder;
globals.TextDecoder ??= TextDecoder;
