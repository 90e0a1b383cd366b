// Through the core entry's shared name, so an area's entry uses the shell's one copy of the helper
// (a relative import would put a second copy of endpoint-meta.ts in the area's federation chunk).
// eslint-disable-next-line @nx/enforce-module-boundaries -- another entry of this lib (federation singleton); index.ts imports no area at run time
import { named } from '@vox/contract';

/**
 * Drafts, revisions and templates. Web: @vox/contract/drafts.
 * One description per call: ./all-endpoints.ts assembles the full table from the areas' parts.
 */
export const draftEndpoints = named({
  drafts: { method: 'GET', path: '/api/drafts', auth: 'draft' },
  /** Blank, from a template (`templateId`) or from a text (`body`). */
  createDraft: { method: 'POST', path: '/api/drafts', auth: 'draft' },
  /** The owner's (with the `draft` privilege) and their invited co-writers' (covered by it). */
  draft: { method: 'GET', path: '/api/drafts/:draftId', auth: 'user' },
  /** 409 when `baseRevision` is not the draft's revision (saved elsewhere meanwhile). */
  saveDraft: { method: 'PUT', path: '/api/drafts/:draftId', auth: 'draft' },
  renameDraft: { method: 'PATCH', path: '/api/drafts/:draftId', auth: 'draft' },
  deleteDraft: { method: 'DELETE', path: '/api/drafts/:draftId', auth: 'draft' },
  duplicateDraft: { method: 'POST', path: '/api/drafts/:draftId/duplicate', auth: 'draft' },
  /** A standard screenplay PDF (Courier 12 pt, page numbers). */
  draftPdf: { method: 'GET', path: '/api/drafts/:draftId/pdf', auth: 'draft', binary: true },
  /** The draft as a Final Draft file (.fdx, XML). */
  draftFdx: { method: 'GET', path: '/api/drafts/:draftId/fdx', auth: 'draft', binary: true },
  /** A Fountain or Final Draft file becomes a new draft; a file that is neither makes nothing (400). */
  importDraft: { method: 'POST', path: '/api/drafts/import', auth: 'draft' },
  /** Starts the next revision colour: the lines changed from now on are marked in it. */
  startRevisionColor: { method: 'POST', path: '/api/drafts/:draftId/revision-color', auth: 'draft' },
  draftRevisions: { method: 'GET', path: '/api/drafts/:draftId/revisions', auth: 'draft' },
  createDraftRevision: { method: 'POST', path: '/api/drafts/:draftId/revisions', auth: 'draft' },
  draftRevision: { method: 'GET', path: '/api/drafts/:draftId/revisions/:revisionId', auth: 'draft' },
  /** The revision's text becomes the draft's newest; the text it replaces stays a revision. */
  restoreDraftRevision: { method: 'POST', path: '/api/drafts/:draftId/revisions/:revisionId/restore', auth: 'draft' },
  templates: { method: 'GET', path: '/api/templates', auth: 'draft' },
  createTemplate: { method: 'POST', path: '/api/templates', auth: 'draft' },
  template: { method: 'GET', path: '/api/templates/:templateId', auth: 'draft' },
  saveTemplate: { method: 'PUT', path: '/api/templates/:templateId', auth: 'draft' },
  deleteTemplate: { method: 'DELETE', path: '/api/templates/:templateId', auth: 'draft' },
  /** The co-writing stream (text/event-stream of DraftLiveEvent): the document, then everyone's changes and cursors. */
  draftLive: { method: 'GET', path: '/api/drafts/:draftId/live', auth: 'user' },
  /** A change to the shared document; the Fountain text, revisions and exports follow it. */
  draftDocUpdate: { method: 'POST', path: '/api/drafts/:draftId/doc', auth: 'user' },
  /** My cursor and selection, passed on to the others in the draft (nothing is stored). */
  draftAwareness: { method: 'POST', path: '/api/drafts/:draftId/awareness', auth: 'user' },
  /** Who writes in the draft and the invite links: the owner's view. */
  draftPeople: { method: 'GET', path: '/api/drafts/:draftId/people', auth: 'user' },
  /** The owner invites a friend as editor or commenter (again: a new part). */
  inviteToDraft: { method: 'POST', path: '/api/drafts/:draftId/people', auth: 'user' },
  /** The owner removes a co-writer: their access ends at once, an open editor included. */
  removeFromDraft: { method: 'DELETE', path: '/api/drafts/:draftId/people/:userId', auth: 'user' },
  createDraftInviteLink: { method: 'POST', path: '/api/drafts/:draftId/invite-links', auth: 'user' },
  /** The link no longer lets anyone in (those it let in stay until removed). */
  deleteDraftInviteLink: { method: 'DELETE', path: '/api/drafts/:draftId/invite-links/:token', auth: 'user' },
  /** Takes an invite link: I become a co-writer of its draft. */
  joinDraft: { method: 'POST', path: '/api/draft-invites/:token', auth: 'user' },
  /** Makes the draft a script, or updates the script it made before, keeping every take. */
  publishDraft: { method: 'POST', path: '/api/drafts/:draftId/publish', auth: 'draft' },
  /**
   * Comments on lines of a draft: open to everyone in the draft (the owner's `draft` privilege
   * covers them), so signed in is enough here and the service checks who is in the draft.
   */
  draftComments: { method: 'GET', path: '/api/drafts/:draftId/comments', auth: 'user' },
  startDraftComment: { method: 'POST', path: '/api/drafts/:draftId/comments', auth: 'user' },
  replyDraftComment: { method: 'POST', path: '/api/drafts/:draftId/comments/:threadId/replies', auth: 'user' },
  resolveDraftComment: { method: 'PUT', path: '/api/drafts/:draftId/comments/:threadId/resolution', auth: 'user' },
});
