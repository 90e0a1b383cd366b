// The social area's plain values and calls for the web: friends, messages and
// conversations, profiles and photos. A separate entry, so its texts and its table of calls load
// with those pages and not with every first page (the shell shares '@vox/contract'). Its types
// stay importable from '@vox/contract'.
export * from './lib/social-values';
export * from './lib/conversations-values';
export * from './lib/social-endpoints';
