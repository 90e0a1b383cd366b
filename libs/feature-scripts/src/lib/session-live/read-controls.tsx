import { useCallback, useEffect, useId, useRef, useState } from 'react';
import type { ScriptLine } from '@vox/contract';
import { Alert, Button } from '@vox/ui';
import type { PlaybackState } from '../session-playback/sequencer';
import { AIDS_TEXTS, analyzeTake, MicCheck, type Recording, takeWarning, type useCountIn, type useMicrophone } from '@vox/recording';
import { cuePlan, planPlayback, type PlayMode } from './playback-plan';
import './read-controls.css';

/** Warnings about finished takes (clipping, silence), newest first, per line. */
export function useTakeCheck(lines: readonly ScriptLine[], analyze: (audio: Blob) => ReturnType<typeof analyzeTake> = analyzeTake) {
  const [warnings, setWarnings] = useState<Array<{ lineId: string; text: string }>>([]);
  const linesRef = useRef(lines);
  linesRef.current = lines;
  const check = useCallback(
    async (lineId: string, recording: Recording) => {
      const levels = await analyze(recording.audio);
      const verdict = levels ? takeWarning(levels) : null;
      const number = linesRef.current.findIndex((l) => l.id === lineId) + 1;
      setWarnings((list) => {
        const others = list.filter((w) => w.lineId !== lineId);
        return verdict ? [{ lineId, text: AIDS_TEXTS[verdict](number) }, ...others] : others;
      });
    },
    [analyze],
  );
  const dismiss = useCallback((lineId: string) => setWarnings((list) => list.filter((w) => w.lineId !== lineId)), []);
  return { warnings, check, dismiss };
}

interface Props {
  lines: readonly ScriptLine[];
  current: number;
  myRole: string | null;
  playState: PlaybackState;
  play(from?: number, plan?: readonly number[]): void;
  /** Records my line, after the count-in (always with `forceCountIn`). */
  onRecord(lineId: string, forceCountIn: boolean): Promise<void>;
  recording: boolean;
  countIn: ReturnType<typeof useCountIn>;
  mic: ReturnType<typeof useMicrophone>;
  takeCheck: ReturnType<typeof useTakeCheck>;
  /** Whether I have recorded anything yet (the microphone check is offered before the first take). */
  hasRecorded: boolean;
}

/**
 * The read's playback choices (from the top, from here, my part, a selection, cue me) and the
 * recording aids (microphone check and picker, count-in, warnings after a take).
 */
export function ReadControls({ lines, current, myRole, playState, play, onRecord, recording, countIn, mic, takeCheck, hasRecorded }: Props) {
  const fromId = useId();
  const toId = useId();
  const [selection, setSelection] = useState({ from: 1, to: Math.min(lines.length, 5) });
  const [micOpen, setMicOpen] = useState(false);
  const [cue, setCue] = useState<{ lineId: string; started: boolean } | null>(null);
  const busy = recording || lines.length === 0;

  const run = (mode: PlayMode) => {
    const plan = planPlayback(lines, mode);
    if (plan.length > 0) play(undefined, plan);
  };

  // Cue me: when the cue line has played, my line is recorded after the count-in.
  useEffect(() => {
    if (!cue) return;
    if (playState.status === 'playing' && !cue.started) setCue({ ...cue, started: true });
    if (playState.status === 'idle' && cue.started) {
      setCue(null);
      void onRecord(cue.lineId, true);
    }
    if (playState.status === 'paused') setCue(null);
  }, [cue, playState.status, onRecord]);

  const cueMe = () => {
    const plan = cuePlan(lines, current, myRole);
    if (!plan) return;
    const lineId = lines[plan.mine].id;
    if (plan.cue < 0) {
      void onRecord(lineId, true);
      return;
    }
    setCue({ lineId, started: false });
    play(plan.cue, [plan.cue]);
  };

  const myLines = myRole ? planPlayback(lines, { kind: 'mine', role: myRole }).length : 0;
  return (
    <>
      <div className="vox-read-controls" role="group" aria-label="Play and record">
        <Button variant="secondary" size="sm" disabled={busy} onClick={() => run({ kind: 'top' })}>
          Play from the top
        </Button>
        <Button variant="secondary" size="sm" disabled={busy} onClick={() => run({ kind: 'here', from: current })}>
          From here
        </Button>
        <Button variant="secondary" size="sm" disabled={busy || myLines === 0} onClick={() => run({ kind: 'mine', role: myRole })}>
          My part
        </Button>
        <details className="vox-read-controls__selection">
          <summary className="vox-read-controls__summary">Selection</summary>
          <div className="vox-read-controls__popover">
            <label htmlFor={fromId}>From line</label>
            <input id={fromId} type="number" min={1} max={lines.length} value={selection.from} onChange={(e) => setSelection({ ...selection, from: Number(e.target.value) })} />
            <label htmlFor={toId}>to</label>
            <input id={toId} type="number" min={1} max={lines.length} value={selection.to} onChange={(e) => setSelection({ ...selection, to: Number(e.target.value) })} />
            <Button variant="primary" size="sm" disabled={busy} onClick={() => run({ kind: 'selection', from: selection.from - 1, to: selection.to - 1 })}>
              Play lines {Math.min(selection.from, selection.to)}–{Math.max(selection.from, selection.to)}
            </Button>
          </div>
        </details>
        <Button variant="secondary" size="sm" disabled={busy || myLines === 0 || cue !== null} onClick={cueMe} title="Plays the line before yours, then records yours after a count-in">
          {cue ? 'Cueing…' : 'Cue me'}
        </Button>
        <span className="vox-read-controls__sep" aria-hidden="true" />
        <label className="vox-read-controls__toggle">
          <input type="checkbox" checked={countIn.enabled} onChange={(e) => countIn.setEnabled(e.target.checked)} />
          Count-in 3-2-1
        </label>
        {mic.base && (
          <Button variant={myRole && !hasRecorded ? 'primary' : 'link'} size="sm" onClick={() => setMicOpen(true)}>
            {myRole && !hasRecorded ? 'Check your microphone' : 'Microphone'}
          </Button>
        )}
      </div>

      {takeCheck.warnings.length > 0 && (
        <div className="vox-read-controls__warnings">
          {takeCheck.warnings.map((w) => (
            <Alert key={w.lineId}>
              {w.text}{' '}
              <Button variant="link" size="sm" onClick={() => takeCheck.dismiss(w.lineId)}>
                Dismiss
              </Button>
            </Alert>
          ))}
        </div>
      )}

      {countIn.beat !== null && (
        <div className="vox-count-in" role="status" aria-live="assertive" data-testid="count-in">
          <span key={countIn.beat} className="vox-count-in__beat">
            {countIn.beat}
          </span>
          <Button variant="secondary" size="sm" onClick={countIn.cancel}>
            Cancel
          </Button>
        </div>
      )}

      {micOpen && <MicCheck devices={mic.base} deviceId={mic.deviceId} onChoose={mic.setDeviceId} onClose={() => setMicOpen(false)} />}
    </>
  );
}
