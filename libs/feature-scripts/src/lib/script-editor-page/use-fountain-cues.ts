import { useMemo, useRef } from 'react';
import type { Script } from '@vox/contract';
import { readCueNotes, toFountainWithCues, type FountainCue } from '@vox/fountain';
import { saveScriptCues, useScriptCues } from '../api/cues';
import type { EditorStore } from './editor-store';
import { fountainFileName } from './export-fountain';

/**
 * Sound cues through Fountain: Export writes them as notes after their lines
 * ([[cue: …]], see @vox/fountain cues.ts); Import reads them, and once the imported lines are
 * saved (and so have ids) the cues are put on them. A cue whose sound this member cannot use
 * (another library's private sound) makes the server refuse the list; that text is shown.
 */
export function useFountainCues(store: EditorStore) {
  const scriptId = store.getScriptId();
  const cues = useScriptCues(scriptId);
  const held = useRef<FountainCue[] | null>(null);

  const data = cues.data;
  const refetch = cues.refetch;
  return useMemo(() => ({
    exportFountain(): { fileName: string; text: string } {
      const script = store.toFountainScript();
      const index = new Map(store.getOrder().map((key, i) => [store.getLine(key)?.id ?? '', i]));
      const list: FountainCue[] = [];
      for (const cue of data?.cues ?? []) {
        const line = index.get(cue.lineId);
        if (line === undefined) continue;
        const until = cue.untilLineId ? index.get(cue.untilLineId) : undefined;
        list.push({ line, at: cue.at, soundId: cue.sound.id, title: cue.sound.title, volume: cue.volume, until: until ?? null });
      }
      return { fileName: fountainFileName(script.title), text: toFountainWithCues(script, list) };
    },
    /** Keeps the cues of an imported text until the next save gives its lines ids. */
    hold(text: string) {
      const read = readCueNotes(text);
      held.current = read.length ? read : null;
    },
    /** After a save: the held cues onto the saved lines; answers a problem text, or null. */
    async restore(saved: Script): Promise<string | null> {
      const pending = held.current;
      held.current = null;
      if (!pending) return null;
      const idAt = (i: number | null) => (i === null ? null : (saved.lines[i]?.id ?? null));
      const body = pending
        .filter((c) => saved.lines[c.line])
        .map((c) => ({ lineId: saved.lines[c.line].id, soundId: c.soundId, at: c.at, untilLineId: c.at === 'bed' ? idAt(c.until) : null, volume: c.volume }));
      try {
        await saveScriptCues(saved.id, body);
        await refetch();
        return null;
      } catch (error) {
        return `The cues in the imported file were not added: ${(error as Error).message}`;
      }
    },
  }), [store, data, refetch]);
}
