import { useEffect, useMemo, useRef, useState } from 'react';
import { Link, useParams } from 'react-router';
import { AUDITION_MESSAGES, type CastingAudition, type CastingCall, type CastingRoleCues } from '@vox/contract/casting';
import {
  AIDS_TEXTS,
  analyzeTake,
  MicCheck,
  newClientId,
  pendingTakeLabel,
  type PendingView,
  type Recording,
  TAB_ONLY_TEXT,
  takeWarning,
  useCountIn,
  useMicrophone,
  usePendingTakes,
  useTakeRecorder,
  waitingTakesText,
} from '@vox/recording';
import { Alert, Button, Page, Spinner } from '@vox/ui';
import { ConfirmDialog } from '@vox/ui/forms';
import { href } from '@vox/variant';
import { useAuditionActions, useAuditionTakeQueue, useCastingCall, useMyAuditions, useRoleCues } from '../api/casting';
import { AuditionRecordings } from '../shared/audition-recordings';
import { formatDeadline } from '../shared/format';
import { useLinePlayer, type PlayableLine } from '../shared/use-line-player';
import '@vox/ui/page-kit';
import '../shared/casting.css';

/** /casting/calls/{callId}/roles/{roleId}/audition: record the sides after their cues (or upload one file), hear it back, send it; withdraw until the deadline. */
export function AuditionPage() {
  const { callId = '', roleId = '' } = useParams();
  const call = useCastingCall({ callId });
  const cues = useRoleCues(roleId);
  const mine = useMyAuditions(callId);

  if (call.isPending || cues.isPending || mine.isPending) {
    return (
      <Page>
        <Spinner label="Loading the audition" />
      </Page>
    );
  }
  const error = call.error ?? cues.error ?? mine.error;
  if (error) {
    return (
      <Page width="narrow">
        <h1 className="vox-page-title">Audition</h1>
        <Alert variant="error">{error.message}</Alert>
        <p>
          <Link to={href('castingBoard')}>All casting calls</Link>
        </p>
      </Page>
    );
  }
  const audition = mine.data?.items.find((a) => a.roleId === roleId);
  return <Audition call={call.data!} cues={cues.data!} audition={audition} />;
}

interface LocalTake {
  recording: Recording;
  url: string;
  warning: string | null;
}

function Audition({ call, cues, audition }: { call: CastingCall; cues: CastingRoleCues; audition: CastingAudition | undefined }) {
  const actions = useAuditionActions(call.id, cues.roleId);
  // Kept takes wait in the browser's outbox until they arrive (offline, a reload, a lost answer).
  const queue = useAuditionTakeQueue();
  const pending = usePendingTakes(queue, { kind: 'audition', callId: call.id, roleId: cues.roleId });
  const [keepError, setKeepError] = useState<string | null>(null);
  const roles = useMemo(() => [...new Set([cues.roleName, ...cues.sides.flatMap((s) => s.cues.map((c) => c.roleName))])], [cues]);
  const player = useLinePlayer(roles, call.script.language);
  const mic = useMicrophone(undefined);
  const countIn = useCountIn();
  const [local, setLocal] = useState<Record<string, LocalTake>>({});
  const [micCheck, setMicCheck] = useState(false);
  const [withdrawing, setWithdrawing] = useState(false);
  const [preparing, setPreparing] = useState<string | null>(null);
  const recorder = useTakeRecorder((lineId, recording) => {
    const index = cues.sides.findIndex((s) => s.lineId === lineId);
    const take: LocalTake = { recording, url: URL.createObjectURL(recording.audio), warning: null };
    setLocal((all) => ({ ...all, [lineId]: take }));
    void analyzeTake(recording.audio).then((levels) => {
      const warning = levels && takeWarning(levels);
      if (warning) setLocal((all) => (all[lineId] === take ? { ...all, [lineId]: { ...take, warning: AIDS_TEXTS[warning](index + 1) } } : all));
    });
  }, mic.devices);
  const urls = useRef(local);
  urls.current = local;
  useEffect(() => () => Object.values(urls.current).forEach((t) => URL.revokeObjectURL(t.url)), []);

  const takes = new Map((audition?.takes ?? []).map((t) => [t.lineId, t]));
  const sent = audition?.status === 'sent';
  const waiting = pending.length;
  const complete = waiting === 0 && !!audition && (audition.wholeFile !== null || cues.sides.every((s) => takes.has(s.lineId)));
  const open = call.status === 'open';
  const busyRecording = recorder.state.status === 'recording' || recorder.state.status === 'starting';

  const discard = (lineId: string) =>
    setLocal((all) => {
      const { [lineId]: gone, ...rest } = all;
      if (gone) URL.revokeObjectURL(gone.url);
      return rest;
    });

  const record = async (lineId: string) => {
    const side = cues.sides.find((s) => s.lineId === lineId);
    if (!side) return;
    discard(lineId);
    setPreparing(lineId);
    const cued = await player.play(side.cues.map((c) => ({ key: c.lineId, roleName: c.roleName, text: c.text, audioUrl: c.audioUrl })));
    const counted = cued && (await countIn.run());
    setPreparing(null);
    if (counted) void recorder.start(lineId);
  };

  const keepTake = (lineId: string) => {
    const take = local[lineId];
    if (!take) return;
    setKeepError(null);
    const target = { kind: 'audition' as const, callId: call.id, roleId: cues.roleId, auditionId: audition?.status === 'draft' ? audition.id : undefined };
    queue
      .add({ clientId: newClientId(), target, lineId, audio: take.recording.audio, contentType: take.recording.contentType, durationMs: take.recording.durationMs })
      .then(() => discard(lineId))
      .catch((e: unknown) => setKeepError((e as Error).message));
  };

  const playBack = () => {
    const lines: PlayableLine[] = cues.sides.flatMap((side) => [
      ...side.cues.map((c) => ({ key: c.lineId, roleName: c.roleName, text: c.text, audioUrl: c.audioUrl })),
      { key: side.lineId, roleName: cues.roleName, text: side.text, audioUrl: takes.get(side.lineId)?.audioUrl ?? null },
    ]);
    void player.play(lines);
  };

  const actionError = actions.uploadFile.error ?? actions.send.error ?? actions.withdraw.error;

  return (
    <Page>
      <p>
        <Link to={href('castingCall', { callId: call.id })}>Back to the call</Link>
      </p>
      <h1 className="vox-page-title">
        Audition for {cues.roleName}
      </h1>
      <p className="vox-page-lead">
        {cues.scriptTitle} · deadline {formatDeadline(call.deadline)}
      </p>
      <audio ref={player.audioRef} hidden data-testid="cue-audio" />

      <div className="vox-stack">
        {call.mine && <Alert variant="info">{AUDITION_MESSAGES.ownCall}</Alert>}
        {!open && !sent && <Alert variant="info">{AUDITION_MESSAGES.callClosed}</Alert>}
        {actionError && <Alert variant="error">{actionError.message}</Alert>}
        {keepError && <Alert variant="error">{keepError}</Alert>}
        {player.noVoice && <Alert variant="info">Your browser has no voice to speak the cue lines, so each cue is shown while a short pause stands in for it.</Alert>}

        {sent ? (
          <section className="vox-card vox-stack vox-stack--tight" aria-label="Your audition">
            <p>
              <strong>Your audition was sent{audition.sentAt ? ` on ${formatDeadline(audition.sentAt)}` : ''}.</strong>{' '}
              {audition.cast ? `You were cast as ${cues.roleName}.` : 'The person who posted the call will listen to it.'}
            </p>
            <AuditionRecordings audition={audition} sides={cues.sides} />
            <div className="vox-toolbar">
              <Button variant="secondary" onClick={playBack} disabled={audition.wholeFile !== null}>
                Play my audition with its cues
              </Button>
              {open && !audition.cast && (
                <Button variant="secondary" onClick={() => setWithdrawing(true)}>
                  Withdraw audition
                </Button>
              )}
            </div>
          </section>
        ) : (
          !call.mine &&
          open && (
            <>
              <section className="vox-card vox-stack vox-stack--tight" aria-label="Before you record">
                <p>Each side plays its cue lines first (the other parts), then records you. Listen back and keep the take you like.</p>
                <div className="vox-toolbar vox-toolbar--center">
                  <Button variant="secondary" size="sm" onClick={() => setMicCheck(true)}>
                    Check microphone
                  </Button>
                  <label className="vox-check">
                    <input type="checkbox" checked={countIn.enabled} onChange={(e) => countIn.setEnabled(e.target.checked)} /> Count in 3-2-1 before recording
                  </label>
                </div>
                {countIn.beat !== null && (
                  <p className="vox-chip vox-casting-tag" aria-live="assertive">
                    {countIn.beat}
                  </p>
                )}
                {!recorder.supported && <Alert variant="error">This browser cannot record audio. You can still upload one file below.</Alert>}
              </section>

              <ol className="vox-stack" aria-label="Audition sides">
                {cues.sides.map((side, index) => {
                  const saved = takes.get(side.lineId);
                  const fresh = local[side.lineId];
                  const outbox = pending.filter((view) => view.take.lineId === side.lineId);
                  const recordingThis = recorder.state.status !== 'idle' && 'lineId' in recorder.state && recorder.state.lineId === side.lineId;
                  return (
                    <li key={side.lineId} className="vox-card vox-stack vox-stack--close vox-casting-role" aria-label={`Line ${index + 1}`}>
                      {side.cues.length > 0 && (
                        <ul className="vox-casting-sides" aria-label={`Cues for line ${index + 1}`}>
                          {side.cues.map((cue) => (
                            <li key={cue.lineId} aria-current={player.playing === cue.lineId ? 'true' : undefined} className={player.playing === cue.lineId ? 'vox-casting-cue--playing' : undefined}>
                              <strong>{cue.roleName}:</strong> {cue.parenthetical && <em>{cue.parenthetical} </em>}
                              {cue.text}
                            </li>
                          ))}
                        </ul>
                      )}
                      <p>
                        <strong>{cues.roleName} (you):</strong> {side.parenthetical && <em>{side.parenthetical} </em>}
                        {side.text}
                      </p>
                      {outbox.map((view) => (
                        <PendingSideTake key={view.take.clientId} view={view} line={index + 1} onRetry={() => queue.retry(view.take.clientId)} onDiscard={() => void queue.discard(view.take.clientId)} />
                      ))}
                      {saved && !fresh && outbox.length === 0 && (
                        <div className="vox-stack vox-stack--close">
                          <span>Your take of line {index + 1}:</span>
                          <audio controls src={saved.audioUrl} aria-label={`Your take of line ${index + 1}`} />
                        </div>
                      )}
                      {fresh && (
                        <div className="vox-stack vox-stack--close">
                          <span>New take of line {index + 1} (not kept yet):</span>
                          <audio controls src={fresh.url} aria-label={`New take of line ${index + 1}`} />
                          {fresh.warning && <Alert variant="info">{fresh.warning}</Alert>}
                        </div>
                      )}
                      {recorder.state.status === 'error' && recordingThis && <Alert variant="error">{recorder.state.message}</Alert>}
                      <div className="vox-toolbar">
                        {recordingThis && recorder.state.status === 'recording' ? (
                          <Button onClick={() => void recorder.stop()}>Stop recording</Button>
                        ) : fresh ? (
                          <>
                            <Button onClick={() => keepTake(side.lineId)}>
                              Use this take
                            </Button>
                            <Button variant="secondary" disabled={busyRecording || preparing !== null} onClick={() => void record(side.lineId)}>
                              Record again
                            </Button>
                          </>
                        ) : (
                          <Button
                            variant={saved ? 'secondary' : 'primary'}
                            busy={preparing === side.lineId || (recordingThis && recorder.state.status === 'starting')}
                            disabled={!recorder.supported || busyRecording || (preparing !== null && preparing !== side.lineId)}
                            onClick={() => void record(side.lineId)}
                          >
                            {saved ? `Record line ${index + 1} again` : `Record line ${index + 1}`}
                          </Button>
                        )}
                        {preparing === side.lineId && (
                          <span aria-live="polite">{countIn.beat !== null ? 'Get ready…' : 'Playing the cue…'}</span>
                        )}
                        {recordingThis && recorder.state.status === 'recording' && <span aria-live="polite">Recording…</span>}
                      </div>
                    </li>
                  );
                })}
              </ol>

              <section className="vox-card vox-stack vox-stack--tight" aria-label="One file instead">
                <div className="vox-field">
                  <label className="vox-field__label" htmlFor="vox-audition-file">
                    Or upload one file for the whole audition
                  </label>
                  <input
                    id="vox-audition-file"
                    type="file"
                    accept="audio/*"
                    disabled={waiting > 0}
                    aria-describedby={waiting > 0 ? 'vox-audition-file-wait' : undefined}
                    onChange={(e) => {
                      const file = e.target.files?.[0];
                      if (file) actions.uploadFile.mutate({ current: audition, audio: file });
                      e.target.value = '';
                    }}
                  />
                </div>
                {waiting > 0 && (
                  <p className="vox-meta" id="vox-audition-file-wait">
                    A file can be chosen once your takes have arrived (the last one chosen wins).
                  </p>
                )}
                {actions.uploadFile.isPending && <Spinner label="Uploading your file" />}
                {audition?.wholeFile && (
                  <div className="vox-stack vox-stack--close">
                    <span>Your audition file:</span>
                    <audio controls src={audition.wholeFile.audioUrl} aria-label="Your audition file" />
                  </div>
                )}
              </section>

              <section className="vox-card vox-stack vox-stack--tight" aria-label="Send">
                {waiting > 0 ? (
                  <p role="status">{waitingTakesText(waiting)} You can send your audition once they have arrived.</p>
                ) : (
                  <p>{complete ? 'Listen back, then send it. You can send one audition for this role.' : AUDITION_MESSAGES.incomplete}</p>
                )}
                <div className="vox-toolbar">
                  <Button variant="secondary" onClick={playBack} disabled={!complete || audition?.wholeFile != null}>
                    Play it back with the cues
                  </Button>
                  {player.playing !== null && (
                    <Button variant="secondary" onClick={player.stop}>
                      Stop
                    </Button>
                  )}
                  <Button disabled={!complete} busy={actions.send.isPending} onClick={() => audition && actions.send.mutate(audition.id)}>
                    Send audition
                  </Button>
                </div>
              </section>
            </>
          )
        )}
      </div>

      {micCheck && <MicCheck devices={mic.base} deviceId={mic.deviceId} onChoose={mic.setDeviceId} onClose={() => setMicCheck(false)} />}
      {withdrawing && audition && (
        <ConfirmDialog
          title="Withdraw your audition?"
          confirmLabel="Withdraw"
          busy={actions.withdraw.isPending}
          error={actions.withdraw.error?.message ?? null}
          onConfirm={() => actions.withdraw.mutate(audition.id, { onSuccess: () => setWithdrawing(false) })}
          onClose={() => setWithdrawing(false)}
        >
          <p>Your recordings are deleted and the person who posted the call no longer hears them. You can audition again before the deadline.</p>
        </ConfirmDialog>
      )}
    </Page>
  );
}

/** A kept take of a side still in the outbox: waiting, on its way, or refused (Try again, Discard). */
function PendingSideTake({ view, line, onRetry, onDiscard }: { view: PendingView; line: number; onRetry: () => void; onDiscard: () => void }) {
  return (
    <div className="vox-stack vox-stack--close" data-pending={view.take.clientId}>
      <span>
        Your take of line {line}: {pendingTakeLabel(view)}
      </span>
      {view.state === 'uploading' && <progress max={100} value={Math.round(view.progress * 100)} aria-label={`Upload of your take of line ${line}`} />}
      {view.state === 'failed' && <Alert variant="error">{view.error}</Alert>}
      {!view.saved && <span className="vox-meta">{TAB_ONLY_TEXT}</span>}
      {view.state !== 'uploading' && (
        <div className="vox-toolbar">
          {view.state === 'failed' && (
            <Button variant="secondary" size="sm" onClick={onRetry}>
              Try again
            </Button>
          )}
          <Button variant="secondary" size="sm" onClick={onDiscard}>
            Discard
          </Button>
        </div>
      )}
    </div>
  );
}
