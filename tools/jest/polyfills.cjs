// jsdom has no TextEncoder/TextDecoder, which react-router and typebox need when they load;
// Node's are the same API. Runs before every test file of every project (jest.preset.cjs).
const { TextEncoder, TextDecoder } = require('node:util');
if (typeof globalThis.TextEncoder === 'undefined') globalThis.TextEncoder = TextEncoder;
if (typeof globalThis.TextDecoder === 'undefined') globalThis.TextDecoder = TextDecoder;
