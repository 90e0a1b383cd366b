// jsdom has no TextEncoder, which react-router needs at import time. This can go once
// tools/jest/jsdom-setup.cjs provides it for every project.
const { TextEncoder, TextDecoder } = require('node:util');
if (typeof globalThis.TextEncoder === 'undefined') Object.assign(globalThis, { TextEncoder, TextDecoder });
