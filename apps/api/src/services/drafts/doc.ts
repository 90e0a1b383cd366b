import * as Y from 'yjs';
import { editBetween } from '@vox/fountain';

/**
 * The server's side of a draft's shared document (docs/drafts.md): a Yjs document whose text
 * `fountain` is the draft's Fountain text. Stored as the updates it is made of (base64 text in
 * `draft_doc_updates`), merged into one past `COMPACT_AFTER`.
 */
const DOC_TEXT = 'fountain';

/** Past this many stored updates a draft's are merged into one (the next change does it). */
export const COMPACT_AFTER = 50;

export const toBase64 = (update: Uint8Array) => Buffer.from(update).toString('base64');
export const fromBase64 = (text: string) => new Uint8Array(Buffer.from(text, 'base64'));

/**
 * A text-only draft as a document. Made by client 0 with nothing before it, so two instances
 * that both convert the same draft at once make the very same items, which merge as one (a
 * random client id would give the text twice).
 */
export function seedDoc(text: string): Y.Doc {
  const doc = new Y.Doc();
  doc.clientID = 0;
  if (text) doc.getText(DOC_TEXT).insert(0, text);
  return doc;
}

/** The document the stored updates make; throws when one cannot be read. */
export function docOf(updates: readonly string[]): Y.Doc {
  const doc = new Y.Doc();
  doc.transact(() => {
    for (const update of updates) Y.applyUpdate(doc, fromBase64(update));
  });
  return doc;
}

export const textOf = (doc: Y.Doc) => doc.getText(DOC_TEXT).toString();

/** Everything the document holds, as one update (what compaction stores and a new stream is sent). */
export function stateOf(doc: Y.Doc, updates: readonly string[]): Uint8Array {
  // Updates waiting for one they depend on are kept as they are: the document does not encode them.
  if (doc.store.pendingStructs || doc.store.pendingDs) return Y.mergeUpdates(updates.map(fromBase64));
  return Y.encodeStateAsUpdate(doc);
}

/**
 * Applies a change that did not come from an editor (a restore, a write through the REST API):
 * only what differs is replaced, so what the editors typed around it stays where it is. Answers
 * the update to store and send, or null when the text is already `text`.
 */
export function replaceText(doc: Y.Doc, text: string): Uint8Array | null {
  const ytext = doc.getText(DOC_TEXT);
  const current = ytext.toString();
  if (current === text) return null;
  const edit = editBetween(current, text);
  const before = Y.encodeStateVector(doc);
  doc.transact(() => {
    ytext.delete(edit.from, edit.to - edit.from);
    ytext.insert(edit.from, edit.insert);
  });
  return Y.encodeStateAsUpdate(doc, before);
}

/** A client's change: answers false when the bytes are no Yjs update. */
export function applyClientUpdate(doc: Y.Doc, update: Uint8Array): boolean {
  try {
    // Decoding first: a malformed update throws here and touches nothing.
    Y.decodeUpdate(update);
    Y.applyUpdate(doc, update, 'client');
    return true;
  } catch {
    return false;
  }
}
