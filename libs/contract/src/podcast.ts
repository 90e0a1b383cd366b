// The podcast variant's plain values for the web (issue 16): limits, the categories a channel may
// choose and the API's texts. A separate entry, so they load with the podcast pages, not with
// every first page (the shell shares '@vox/contract').
export * from './lib/podcast-values';
// The podcast variant's calls (podcastEndpoints).
export * from './lib/podcast-endpoints';
