// The podcast variant's plain values for the web: the categories a channel may choose
// (the owner's channel form). A separate entry, so they load with the podcast pages, not with
// every first page (the shell shares '@vox/contract'). Its limits and the API's texts are the
// server's (@vox/contract/schemas): a shared entry is never tree-shaken, and this one loads on
// the podcast site's first route.
export { PODCAST_CATEGORIES } from './lib/podcast-values';
// The podcast variant's calls (podcastEndpoints).
export * from './lib/podcast-endpoints';
