// The scripts area's plain values for the web (limits, kinds, texts, the save rules): a
// separate entry, so they load with the script pages and not with every first page (the shell
// shares '@vox/contract'). Their types stay importable from '@vox/contract'.
export * from './lib/scripts-values';
// The scripts area's calls (scriptEndpoints): scripts, sessions, takes, share links, the finished read.
export * from './lib/scripts-endpoints';
