// Membership purchase's calls for the web: a separate entry, so they load with the
// membership and subscription pages, not with every first page (the shell shares '@vox/contract').
// Its types stay importable from '@vox/contract'.
export * from './lib/membership-endpoints';
export * from './lib/membership-values';
