import { useEffect, useState } from 'react';
import type { Take } from '@vox/contract';
import { Button, cx } from '@vox/ui';
import { pendingTakeLabel, TAB_ONLY_TEXT, type PendingView } from '@vox/recording';
import type { ActiveRecording, RecorderState } from '@vox/recording';
import { formatDuration } from '../session-ui/format';
import { CheckIcon, DownloadIcon, PlayIcon, RecordIcon, StopIcon, TrashIcon } from '../session-ui/icons';
import { EarlierTextMark } from './earlier-takes';
import type { ReaderActions } from './reader-actions';

interface TakePanelProps {
  lineId: string;
  index: number;
  /** The line's role, so the Record button names its line and role. */
  role?: string | null;
  takes: readonly Take[];
  pending: readonly PendingView[];
  /** The recorder, when it is about this line. */
  recorder: RecorderState | null;
  /** Another line is being recorded: this one waits. */
  recorderBusy: boolean;
  userId: string;
  actions: ReaderActions;
  /** The src the reader's audio element plays now, to mark the take playing. */
  audioSrc: string | null;
}

/** Record, re-record, play, pick and delete the takes of one of my lines; pending uploads below. */
export function TakePanel({ lineId, index, role = null, takes, pending, recorder, recorderBusy, userId, actions, audioSrc }: TakePanelProps) {
  const recording = recorder?.status === 'recording' ? recorder.active : null;
  const starting = recorder?.status === 'starting';
  const ordered = [...takes].sort((a, b) => a.createdAt.localeCompare(b.createdAt));
  const hasTakes = ordered.length > 0 || pending.length > 0;

  return (
    <div className="vox-reader-takes" onClick={(event) => event.stopPropagation()}>
      <div className="vox-reader-takes__record">
        {recording ? (
          <>
            <Button variant="primary" size="sm" className="vox-reader-takes__stop" onClick={() => void actions.stopRecording()}>
              <StopIcon />
              Stop
            </Button>
            <RecordingMeter active={recording} />
          </>
        ) : (
          <Button
            variant={hasTakes ? 'secondary' : 'primary'}
            size="sm"
            busy={starting}
            disabled={recorderBusy}
            onClick={() => {
              actions.select(index);
              void actions.record(lineId);
            }}
            aria-label={`${hasTakes ? 'Record again' : 'Record'}: line ${index + 1}${role ? `, ${role}` : ''}`}
          >
            <RecordIcon className="vox-reader-takes__record-dot" />
            {hasTakes ? 'Record again' : 'Record'}
          </Button>
        )}
      </div>

      {recorder?.status === 'error' && (
        <p className="vox-reader-takes__error" role="alert">
          {recorder.message}{' '}
          <Button variant="link" size="sm" onClick={actions.dismissRecorderError}>
            Dismiss
          </Button>
        </p>
      )}

      {hasTakes && (
        <ol className="vox-reader-takes__list" aria-label="Takes">
          {ordered.map((take, i) => (
            <TakeItem key={take.id} take={take} number={i + 1} mine={take.userId === userId} actions={actions} playing={audioSrc !== null && audioSrc.endsWith(take.audio)} />
          ))}
          {pending.map((view) => (
            <PendingItem key={view.take.clientId} view={view} actions={actions} />
          ))}
        </ol>
      )}
    </div>
  );
}

function TakeItem({ take, number, mine, actions, playing }: { take: Take; number: number; mine: boolean; actions: ReaderActions; playing: boolean }) {
  const [confirming, setConfirming] = useState(false);
  const label = `Take ${number}`;
  return (
    <li className={cx('vox-reader-take', take.picked && 'vox-reader-take--picked')} data-take={take.id}>
      <span className="vox-reader-take__name">
        {label}
        {take.durationMs !== null && <span className="vox-reader-take__meta"> · {formatDuration(take.durationMs)}</span>}
      </span>
      <EarlierTextMark take={take} />
      {take.picked && (
        // A state, not an action ("Pick" read like a button).
        <span className="vox-reader-take__pick">
          <CheckIcon /> In use
        </span>
      )}
      <span className="vox-reader-take__actions">
        <button type="button" className={cx('vox-reader-icon-button', playing && 'vox-reader-icon-button--on')} aria-label={`Play ${label}`} onClick={() => actions.preview(take.audio)}>
          <PlayIcon />
        </button>
        {actions.download && (
          <button type="button" className="vox-reader-icon-button" aria-label={`Download ${label}`} onClick={() => actions.download?.(take, number)}>
            <DownloadIcon />
          </button>
        )}
        {mine && !take.picked && (
          <Button variant="link" size="sm" onClick={() => actions.pick(take.id)}>
            Use this take
          </Button>
        )}
        {mine &&
          (confirming ? (
            <span className="vox-reader-take__confirm">
              <Button variant="link" size="sm" className="vox-reader-take__danger" onClick={() => actions.remove(take.id)}>
                Delete {label}
              </Button>
              <Button variant="link" size="sm" onClick={() => setConfirming(false)}>
                Keep
              </Button>
            </span>
          ) : (
            <button type="button" className="vox-reader-icon-button" aria-label={`Delete ${label}`} onClick={() => setConfirming(true)}>
              <TrashIcon />
            </button>
          ))}
      </span>
    </li>
  );
}

function PendingItem({ view, actions }: { view: PendingView; actions: ReaderActions }) {
  const { take, state, progress, error } = view;
  const percent = Math.round(progress * 100);
  return (
    <li className={cx('vox-reader-take', 'vox-reader-take--pending', state === 'failed' && 'vox-reader-take--failed')} data-pending={take.clientId}>
      <span className="vox-reader-take__name">
        {pendingTakeLabel(view)}
        {take.durationMs !== null && <span className="vox-reader-take__meta"> · {formatDuration(take.durationMs)}</span>}
      </span>
      {state !== 'failed' && (
        <progress className="vox-reader-take__progress" max={100} value={state === 'uploading' ? percent : 0} aria-label={`Upload of the ${formatDuration(take.durationMs)} take`}>
          {percent}%
        </progress>
      )}
      {state === 'failed' && (
        <span className="vox-reader-take__error" role="alert">
          {error}
        </span>
      )}
      {!view.saved && <span className="vox-reader-take__meta">{TAB_ONLY_TEXT}</span>}
      <span className="vox-reader-take__actions">
        {state === 'failed' && (
          <Button variant="link" size="sm" onClick={() => actions.retry(take.clientId)}>
            Try again
          </Button>
        )}
        {state !== 'uploading' && (
          <Button variant="link" size="sm" className="vox-reader-take__danger" onClick={() => void actions.discard(take.clientId)}>
            Discard
          </Button>
        )}
      </span>
    </li>
  );
}

/** The running time and input level while recording. */
function RecordingMeter({ active }: { active: ActiveRecording }) {
  const [tick, setTick] = useState({ elapsed: 0, level: 0 });
  useEffect(() => {
    const timer = setInterval(() => setTick({ elapsed: performance.now() - active.startedAt, level: active.level() }), 100);
    return () => clearInterval(timer);
  }, [active]);
  return (
    <span className="vox-reader-takes__meter" role="status" aria-label="Recording">
      <span className="vox-reader-takes__live" aria-hidden="true" />
      <span className="vox-reader-takes__time">{formatDuration(tick.elapsed)}</span>
      <span className="vox-reader-takes__level" aria-hidden="true">
        <span className="vox-reader-takes__level-fill" style={{ transform: `scaleX(${tick.level.toFixed(2)})` }} />
      </span>
    </span>
  );
}
