// The audio library's plain values and types for the web: a separate entry, so its
// texts load with the audio pages and not with every first page (the shell shares '@vox/contract').
export * from './lib/audio-values';
export type * from './lib/audio';
// The audio library's calls (audioEndpoints).
export * from './lib/audio-endpoints';
