// Replaces @module-federation/error-codes' dist/desc.mjs in the shell's build (see index.cjs).
// The original is a table of English sentences, one per error code (about 0.7 KB gzip on every
// first route). No code here reads them: the shell tells a page that did not load from one that
// threw by the error's name and code, never by its text. Each runtime error still carries its
// code and the link to the federation docs' page explaining it (getShortErrorMsg writes both), so
// "Module Federation error #RUNTIME-008 View the docs to see how to solve: …" is enough to find it.
const generic = new Proxy({}, { get: () => 'Module Federation error' });

export const runtimeDescMap = generic;
export const typeDescMap = generic;
export const buildDescMap = generic;
export const errorDescMap = generic;
