import { useId, useState } from 'react';
import { usePrivileges } from '@vox/auth';
import { CUE_PLACE_LABELS, CUE_PLACES, type Cue, type CueInput, type CuePlace } from '@vox/contract/audio';
import { Alert, Button } from '@vox/ui';
import { useCueSounds, useSaveCues, useScriptCues } from '../api/cues';
import { useEditor } from './editor-context';
import { useEditorValue } from './editor-store';
import './line-cues-editor.css';

const toInput = (cue: Cue): CueInput => ({ lineId: cue.lineId, soundId: cue.sound.id, at: cue.at, untilLineId: cue.untilLineId, volume: cue.volume });
const clip = (text: string) => (text.length > 40 ? `${text.slice(0, 39)}…` : text);

/**
 * The sound cues of one line in the script editor: for members with the audio
 * library, on lines already saved (cues hang on a line's id). Changes are saved at once, apart
 * from the script's own Save, with the whole list (PUT /api/scripts/{id}/cues).
 */
export function LineCuesEditor({ lineId, n }: { lineId: string | null; n: number }) {
  const { store } = useEditor();
  const scriptId = useEditorValue(store, store.getScriptId);
  const privileges = usePrivileges();
  const allowed = privileges.has('audio_library') && scriptId !== null && lineId !== null;
  const cues = useScriptCues(scriptId, allowed);
  const [open, setOpen] = useState(false);
  if (!allowed || !lineId || !scriptId) return null;
  const mine = (cues.data?.cues ?? []).filter((c) => c.lineId === lineId);
  return (
    <div className="vox-line-cues">
      <button type="button" className="vox-line-cues__toggle" aria-expanded={open} onClick={() => setOpen((o) => !o)} aria-label={`Sound cues of line ${n}${mine.length ? ` (${mine.length})` : ''}`}>
        <span aria-hidden="true">♪</span> {mine.length ? `${mine.length} ${mine.length === 1 ? 'cue' : 'cues'}` : 'Add a cue'}
      </button>
      {open && <CuePanel scriptId={scriptId} lineId={lineId} n={n} all={cues.data?.cues ?? []} />}
    </div>
  );
}

function CuePanel({ scriptId, lineId, n, all }: { scriptId: string; lineId: string; n: number; all: readonly Cue[] }) {
  const { store } = useEditor();
  const order = useEditorValue(store, store.getOrder);
  const sounds = useCueSounds(true);
  const save = useSaveCues(scriptId);
  const ids = useId();
  const [soundId, setSoundId] = useState('');
  const [at, setAt] = useState<CuePlace>('start');
  const [until, setUntil] = useState('');
  const [volume, setVolume] = useState(80);

  // Saved lines after this one, for a bed's end.
  const here = order.findIndex((key) => store.getLine(key)?.id === lineId);
  const later = order
    .slice(here + 1)
    .map((key, i) => ({ line: store.getLine(key), number: here + i + 2 }))
    .filter((l): l is { line: NonNullable<typeof l.line>; number: number } => !!l.line?.id);
  const numberOf = (id: string | null) => (id ? order.findIndex((key) => store.getLine(key)?.id === id) + 1 : 0);
  const mine = all.filter((c) => c.lineId === lineId);

  const commit = (next: CueInput[]) => save.mutate(next);
  const add = () => {
    const chosen = soundId || sounds.data?.mine[0]?.id || sounds.data?.shared[0]?.id;
    if (!chosen) return;
    commit([...all.map(toInput), { lineId, soundId: chosen, at, untilLineId: at === 'bed' && until ? until : null, volume }]);
  };

  return (
    <div className="vox-line-cues__panel">
      {mine.length > 0 && (
        <ul className="vox-line-cues__list" aria-label={`Cues of line ${n}`}>
          {mine.map((cue) => (
            <li key={cue.id} className="vox-split vox-line-cues__item">
              <span>
                <strong>{cue.sound.title}</strong> · {CUE_PLACE_LABELS[cue.at].toLowerCase()}
                {cue.at === 'bed' && (cue.untilLineId ? ` until line ${numberOf(cue.untilLineId)}` : ' until the sound ends')} · {cue.volume}%
              </span>
              <Button variant="link" size="sm" onClick={() => commit(all.filter((c) => c.id !== cue.id).map(toInput))} aria-label={`Remove cue ${cue.sound.title} from line ${n}`}>
                Remove
              </Button>
            </li>
          ))}
        </ul>
      )}
      {sounds.isPending ? (
        <p className="vox-meta">Loading your sounds…</p>
      ) : sounds.isError ? (
        <Alert>{sounds.error.message}</Alert>
      ) : sounds.data.mine.length + sounds.data.shared.length === 0 ? (
        <p className="vox-meta">Your audio library is empty. Upload sounds in the Audio Library first.</p>
      ) : (
        <div className="vox-line-cues__form">
          <label htmlFor={`${ids}-sound`}>Sound</label>
          <select id={`${ids}-sound`} value={soundId} onChange={(e) => setSoundId(e.target.value)}>
            {sounds.data.mine.length > 0 && (
              <optgroup label="My library">
                {sounds.data.mine.map((s) => (
                  <option key={s.id} value={s.id}>
                    {s.title}
                  </option>
                ))}
              </optgroup>
            )}
            {sounds.data.shared.length > 0 && (
              <optgroup label="Public library">
                {sounds.data.shared.map((s) => (
                  <option key={s.id} value={s.id}>
                    {s.title} ({s.ownerName})
                  </option>
                ))}
              </optgroup>
            )}
          </select>
          <label htmlFor={`${ids}-at`}>Plays</label>
          <select id={`${ids}-at`} value={at} onChange={(e) => setAt(e.target.value as CuePlace)}>
            {CUE_PLACES.map((p) => (
              <option key={p} value={p}>
                {CUE_PLACE_LABELS[p]}
              </option>
            ))}
          </select>
          {at === 'bed' && (
            <>
              <label htmlFor={`${ids}-until`}>Until</label>
              <select id={`${ids}-until`} value={until} onChange={(e) => setUntil(e.target.value)}>
                <option value="">The sound ends</option>
                {later.map(({ line, number }) => (
                  <option key={line.id} value={line.id as string}>
                    Line {number}: {clip(line.text || '(empty)')}
                  </option>
                ))}
              </select>
            </>
          )}
          <label htmlFor={`${ids}-volume`}>Volume {volume}%</label>
          <input id={`${ids}-volume`} type="range" min={0} max={100} step={5} value={volume} onChange={(e) => setVolume(Number(e.target.value))} />
          <Button size="sm" busy={save.isPending} onClick={add}>
            Add cue
          </Button>
        </div>
      )}
      {save.isError && <Alert>{save.error.message}</Alert>}
    </div>
  );
}
