// The drafts area's calls for the web: a separate entry, so they load with the drafts
// pages, not with every first page (the shell shares '@vox/contract'). Its types stay importable
// from '@vox/contract'.
export * from './lib/drafts-endpoints';
// The drafts' limits: the page checks a Fountain file's length before making a draft of it, and a
// comment's length where it is typed; how a co-writer is named.
export { DRAFT_COMMENT_LIMITS, DRAFT_LIMITS, coWriterName } from './lib/drafts-values';
