import type { Draft } from '@vox/contract';

/**
 * The tabs of this browser with one draft open tell each other of every revision one of them
 * saves (a BroadcastChannel per draft), so that a tab takes the other's changes in at once instead
 * of showing 'Saved' over a text the server no longer has. Where the browser has no
 * BroadcastChannel, nothing is told: a tab then learns of the other's saves from its own next save
 * (a 409) or when it is shown again.
 */
export interface TabChannel {
  /** Tells the other tabs that the server now has `draft`. */
  post(draft: Draft): void;
  close(): void;
}

const name = (draftId: string) => `vox-draft:${draftId}`;

export function tabChannel(draftId: string, onDraft: (draft: Draft) => void): TabChannel {
  if (typeof BroadcastChannel === 'undefined') return { post: () => undefined, close: () => undefined };
  const channel = new BroadcastChannel(name(draftId));
  let open = true;
  channel.onmessage = (event: MessageEvent<Draft>) => {
    const draft = event.data;
    if (open && draft && draft.id === draftId && typeof draft.body === 'string' && typeof draft.revision === 'number') onDraft(draft);
  };
  return {
    post(draft) {
      if (!open) return;
      try {
        channel.postMessage(draft);
      } catch {
        // A closed or failing channel: the other tabs learn of it on their next save.
      }
    },
    close() {
      open = false;
      channel.close();
    },
  };
}
