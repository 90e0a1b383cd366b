// Imported first by the specs here: jsdom has no TextEncoder, which react-router (pulled in
// through @vox/ui) needs at import time. This can go once tools/jest/jsdom-setup.cjs
// provides it for every project.
import { TextDecoder, TextEncoder } from 'node:util';

if (typeof globalThis.TextEncoder === 'undefined') {
  Object.assign(globalThis, { TextEncoder, TextDecoder });
}
