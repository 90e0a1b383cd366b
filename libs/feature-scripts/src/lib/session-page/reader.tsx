import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { useUser } from '@vox/auth';
import { displayName, coreEndpoints, pathFor, type ScriptLine, type SessionDetail } from '@vox/contract';
import { Alert, Button, cx, lazyComponent } from '@vox/ui';
import { ArrowLeftIcon, useGoBack } from '@vox/ui/page-kit';
import { downloadTake, useDeleteTake, usePickTake, useReadTakeQueue } from '../api/sessions';
import { buildPlaylist, takesByLine } from '../session-playback/playlist';
import { newClientId, type PendingView, type RecorderDevices, type Recording, type SpeechOutput, useCountIn, useMicrophone, usePendingTakes, useTakeRecorder, waitingTakesText } from '@vox/recording';
import { usePlayback } from '../session-playback/use-playback';
import { useCuePlayer } from '../session-playback/cue-player';
import { CuesByLine } from './line-cues';
import { PauseIcon, PlayIcon, RefreshIcon, ShareIcon, StopIcon, UsersIcon } from '../session-ui/icons';
import type { ReaderActions } from './reader-actions';
import { isMyLine, nextMyLine, readersByRole, roleSeats } from './reader-model';
import { PeopleManager } from './people-manager';
import { PersonChip, RolePicker } from './role-picker';
import { RemovedLineTakes } from './earlier-takes';
import { ScriptView } from './script-view';
import { ShareDialog } from './share-dialog';
import { SessionAssignment } from './session-assignment';
import { LiveBar, LiveRecordingContext } from '../session-live/live-bar';
import { useLiveSession } from '../session-live/use-live-session';
import { ReadControls, useTakeCheck } from '../session-live/read-controls';
import { DownloadIcon } from '../session-ui/icons';
import { saveBlob, takeFileName } from '../session-finished/save-blob';

// The finished read's dialog loads only when opened.
const FinishedRead = lazyComponent(() => import('../session-finished/finished-read'), (m) => m.default);

export interface ReaderProps {
  session: SessionDetail;
  refreshing: boolean;
  onRefresh(): void;
  /** Specs inject the browser parts jsdom lacks; undefined uses the browser's. */
  devices?: RecorderDevices | null;
  speech?: SpeechOutput | null;
  copy?: (text: string) => Promise<void>;
}

/** The table-read reader of one session (README.md): the script, my takes and the player. */
export function Reader({ session, refreshing, onRefresh, devices, speech, copy }: ReaderProps) {
  const user = useUser();
  const userId = user?.id ?? session.me.userId;
  const goBack = useGoBack();
  const queue = useReadTakeQueue();
  const pendingAll = usePendingTakes(queue, { kind: 'read', sessionId: session.id });
  const lines: readonly ScriptLine[] = session.script.lines;
  const myRole = session.me.role;

  const [current, setCurrent] = useState(0);
  const [follow, setFollow] = useState<'auto' | 'center'>('auto');
  const [dialog, setDialog] = useState<'roles' | 'share' | 'finish' | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const [audioSrc, setAudioSrc] = useState<string | null>(null);
  const scrollRef = useRef<HTMLElement | null>(null);
  const audioRef = useRef<HTMLAudioElement | null>(null);

  const takes = useMemo(() => takesByLine(session.takes), [session.takes]);
  const pending = useMemo(() => {
    const map = new Map<string, PendingView[]>();
    for (const view of pendingAll) map.set(view.take.lineId, [...(map.get(view.take.lineId) ?? []), view]);
    return map;
  }, [pendingAll]);
  const localUrls = useLocalTakeUrls(pendingAll);
  const items = useMemo(() => buildPlaylist(lines, takes, localUrls), [lines, takes, localUrls]);
  const readers = useMemo(() => readersByRole(session.participants), [session.participants]);
  const people = useMemo(() => new Map(session.participants.map((p) => [p.user.id, p.user])), [session.participants]);
  const seats = useMemo(() => roleSeats(session), [session]);
  const roles = useMemo(() => session.script.roles.map((r) => r.name), [session.script.roles]);
  const myLineCount = useMemo(() => lines.filter((line) => isMyLine(line, myRole)).length, [lines, myRole]);

  const playback = usePlayback({ audioRef, items, roles, language: session.script.language, speech });
  const { state: playState } = playback;
  const cues = useCuePlayer(session.script.id, lines, playState); // Sound cues on lines.

  // Recording aids (microphone choice, count-in, a check of each finished take).
  const mic = useMicrophone(devices);
  const countIn = useCountIn();
  const takeCheck = useTakeCheck(lines);
  const checkTake = takeCheck.check;
  const onRecorded = useCallback(
    (lineId: string, recording: Recording) => {
      void checkTake(lineId, recording);
      queue
        .add({ clientId: newClientId(), target: { kind: 'read', sessionId: session.id }, lineId, audio: recording.audio, contentType: recording.contentType, durationMs: recording.durationMs })
        .catch((e: unknown) => setError((e as Error).message));
    },
    [queue, session.id, checkTake],
  );
  const recorder = useTakeRecorder(onRecorded, mic.devices);
  // The live channel (presence, changes that arrive by themselves, the owner's notices).
  const live = useLiveSession(session.id, userId, recorder.state.status === 'recording' ? recorder.state.lineId : null);
  const pick = usePickTake(session.id);
  const remove = useDeleteTake(session.id);

  // While the read plays, the current line follows it and stays centred.
  useEffect(() => {
    if (playState.status !== 'playing') return;
    setFollow('center');
    setCurrent(playState.index);
  }, [playState]);

  // Which clip the audio element plays, so the take playing is marked.
  useEffect(() => {
    const element = audioRef.current;
    if (!element) return undefined;
    const playing = () => setAudioSrc(element.currentSrc || element.src);
    const stopped = () => setAudioSrc(null);
    element.addEventListener('play', playing);
    element.addEventListener('pause', stopped);
    element.addEventListener('ended', stopped);
    return () => {
      element.removeEventListener('play', playing);
      element.removeEventListener('pause', stopped);
      element.removeEventListener('ended', stopped);
    };
  }, []);

  const record = async (lineId: string, forceCountIn = false) => {
    playback.stop();
    if (!(await countIn.run(forceCountIn))) return;
    await recorder.start(lineId);
  };

  const stopRecording = async () => {
    const lineId = recorder.state.status === 'recording' ? recorder.state.lineId : null;
    await recorder.stop();
    // On to my next line, so a reader can go through the role with Enter alone.
    const index = lineId ? lines.findIndex((l) => l.id === lineId) : -1;
    const next = index >= 0 ? nextMyLine(lines, index, myRole) : -1;
    if (next >= 0) {
      setFollow('auto');
      setCurrent(next);
    }
  };

  const togglePlay = (from = current) => {
    if (playState.status === 'playing') playback.pause();
    else if (playState.status === 'paused' && from === playState.index) playback.play();
    else playback.play(from);
  };

  // The rows get one stable actions object; it calls the newest handlers.
  const handlers = useRef({ record, stopRecording });
  useLayoutEffect(() => {
    handlers.current = { record, stopRecording };
  });
  const recordLine = useCallback((lineId: string, forceCountIn: boolean) => handlers.current.record(lineId, forceCountIn), []);
  const actions = useMemo<ReaderActions>(
    () => ({
      select: (index) => {
        setFollow('auto');
        setCurrent(index);
      },
      record: (lineId) => handlers.current.record(lineId),
      stopRecording: () => handlers.current.stopRecording(),
      dismissRecorderError: () => recorder.dismiss(),
      preview: (audio) => void playback.preview(pathFor(coreEndpoints.audio, { audioId: audio })),
      pick: (takeId) => pick.mutate(takeId, { onError: (e) => setError(e.message) }),
      remove: (takeId) => remove.mutate(takeId, { onError: (e) => setError(e.message) }),
      download: (take, number) => {
        const index = lines.findIndex((line) => line.id === take.lineId);
        const name = takeFileName(session.script.title || 'Take', index + 1, lines[index]?.role ?? null, number, take.contentType);
        downloadTake(session.id, take.id).then(
          (blob) => saveBlob(blob, name),
          (e: Error) => setError(e.message),
        );
      },
      retry: (clientId) => queue.retry(clientId),
      discard: (clientId) => queue.discard(clientId),
    }),
    // The mutation objects change every render; their mutate functions do not.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [queue, recorder.dismiss, playback.preview, pick.mutate, remove.mutate, lines, session.id, session.script.title],
  );

  const move = (delta: number) => {
    const next = Math.max(0, Math.min(lines.length - 1, current + delta));
    setFollow('auto');
    setCurrent(next);
    const line = lines[next];
    if (line) setAnnouncement(`Line ${next + 1} of ${lines.length}. ${line.role ? `${line.role}: ` : ''}${line.text}`);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    const target = event.target as HTMLElement;
    const inControl = target !== event.currentTarget && target.closest('button, a, input, select, textarea') !== null;
    switch (event.key) {
      case 'ArrowDown':
      case 'j':
        move(1);
        break;
      case 'ArrowUp':
      case 'k':
        move(-1);
        break;
      case 'Enter':
      case ' ': {
        if (inControl) return;
        const line = lines[current];
        if (!line) return;
        if (recorder.state.status === 'recording') void stopRecording();
        else if (isMyLine(line, myRole)) void record(line.id);
        else togglePlay(current);
        break;
      }
      default:
        return;
    }
    event.preventDefault();
  };

  // J/K and the arrows move between lines as soon as the reader opens, before anything
  // in the script has focus. Keys typed in a field, a dialog or the script itself (which has its
  // own handler above) are left alone.
  const moveRef = useRef(move);
  moveRef.current = move;
  useEffect(() => {
    const onDocumentKey = (event: globalThis.KeyboardEvent) => {
      if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey) return;
      const delta = event.key === 'ArrowDown' || event.key === 'j' ? 1 : event.key === 'ArrowUp' || event.key === 'k' ? -1 : 0;
      if (!delta) return;
      const target = event.target instanceof HTMLElement ? event.target : null;
      if (target && (scrollRef.current?.contains(target) || target.closest('input, textarea, select, [contenteditable="true"], [role="dialog"], [role="listbox"], [role="menu"]'))) return;
      if (document.querySelector('[aria-modal="true"]')) return;
      event.preventDefault();
      moveRef.current(delta);
    };
    document.addEventListener('keydown', onDocumentKey);
    return () => document.removeEventListener('keydown', onDocumentKey);
  }, [scrollRef]);

  const recording = recorder.state.status === 'recording' || recorder.state.status === 'starting';
  const waiting = pendingAll.filter((v) => v.state !== 'failed').length;
  const playLabel = playState.status === 'playing' ? 'Pause' : playState.status === 'paused' ? 'Resume' : 'Play';
  const seated = session.participants.filter((p) => p.role !== null);
  // Others only: "You are listening" already says it of me.
  const listeners = session.participants.filter((p) => p.role === null && p.user.id !== userId).length;

  return (
    <div className="vox-reader">
      <header className="vox-reader__bar">
        <button type="button" className="vox-back-bar__button vox-reader__back" onClick={goBack} aria-label="Back">
          <ArrowLeftIcon />
          <span className="vox-reader__wide">Back</span>
        </button>
        <div className="vox-reader__heading">
          <h1 className="vox-reader__title">{session.script.title || 'Untitled script'}</h1>
          <p className="vox-reader__subtitle">
            {lines.length === 1 ? '1 line' : `${lines.length} lines`} · {myRole ? `You read ${myRole} (${myLineCount === 1 ? '1 line' : `${myLineCount} lines`})` : 'You are listening'}
          </p>
        </div>
        <div className="vox-reader__bar-actions">
          <Button variant="secondary" size="sm" busy={refreshing} onClick={onRefresh} aria-label="Refresh">
            <RefreshIcon />
            <span className="vox-reader__wide">Refresh</span>
          </Button>
          <Button variant="secondary" size="sm" aria-haspopup="dialog" onClick={() => setDialog('finish')} aria-label="The finished read">
            <DownloadIcon />
            <span className="vox-reader__wide">Finished read</span>
          </Button>
          <Button variant="primary" size="sm" onClick={() => setDialog('share')} aria-label="Share">
            <ShareIcon />
            <span className="vox-reader__wide">Share</span>
          </Button>
        </div>
      </header>

      {/* The readers and the player are a landmark of their own (they were outside any). */}
      <section className="vox-toolbar vox-toolbar--center vox-reader__toolbar" aria-label="Readers and playback">
        <Button variant={myRole ? 'secondary' : 'primary'} size="sm" aria-haspopup="dialog" onClick={() => setDialog('roles')}>
          <UsersIcon />
          {myRole ? `Your role: ${myRole}` : 'Choose a role'}
        </Button>
        <ul className="vox-reader-people vox-reader__people" aria-label="Readers">
          {seated.map((p) => (
            <PersonChip key={p.user.id} name={p.user.id === userId ? 'You' : displayName(p.user)} avatarName={displayName(p.user)} photo={p.user.photo} role={p.role} />
          ))}
          {listeners > 0 && <li className="vox-reader-people__more">{listeners} listening</li>}
        </ul>
        <PeopleManager session={session} userId={userId} />
        <div className="vox-reader__player" role="group" aria-label="Table read">
          <Button variant="primary" size="sm" disabled={recording || lines.length === 0} onClick={() => togglePlay()} aria-label={`${playLabel} the table read`}>
            {playState.status === 'playing' ? <PauseIcon /> : <PlayIcon />}
            <span className="vox-reader__wide">{playLabel}</span>
          </Button>
          <Button variant="secondary" size="sm" disabled={playState.status === 'idle'} onClick={() => playback.stop()} aria-label="Stop the table read">
            <StopIcon />
            <span className="vox-reader__wide">Stop</span>
          </Button>
          <span className="vox-reader__position" aria-live="off">
            {lines.length > 0 ? `${current + 1} / ${lines.length}` : ''}
          </span>
        </div>
      </section>

      <LiveBar live={live} myId={userId} lines={lines} />
      <ReadControls
        lines={lines}
        current={current}
        myRole={myRole}
        playState={playState}
        play={playback.play}
        onRecord={recordLine}
        recording={recording}
        countIn={countIn}
        mic={mic}
        takeCheck={takeCheck}
        hasRecorded={session.takes.some((t) => t.userId === userId) || pendingAll.length > 0}
      />

      {(error || playback.notice || waiting > 0) && (
        <div className="vox-reader__messages">
          {error && (
            <Alert>
              {error}{' '}
              <Button variant="link" size="sm" onClick={() => setError(null)}>
                Dismiss
              </Button>
            </Alert>
          )}
          {playback.notice && <Alert variant="info">{playback.notice}</Alert>}
          {waiting > 0 && (
            <p className="vox-reader__pending" role="status">
              {waitingTakesText(waiting)}
            </p>
          )}
        </div>
      )}

      <RemovedLineTakes retiredLines={session.script.retiredLines} takes={session.takes} people={people} onPlay={actions.preview} audioSrc={audioSrc} />
      <SessionAssignment session={session} audioRef={audioRef} />
      {lines.length === 0 ? (
        <main className="vox-reader__script vox-reader__script--empty">
          <p>This script has no lines yet.</p>
        </main>
      ) : (
        <CuesByLine.Provider value={cues.byLine}>
          <LiveRecordingContext.Provider value={live.recording}>
            <ScriptView
            lines={lines}
            current={current}
            follow={follow}
            playingIndex={playState.status === 'playing' ? playState.index : null}
            myRole={myRole}
            userId={userId}
            readers={readers}
            people={people}
            takes={takes}
            pending={pending}
            recorder={recorder.state}
            audioSrc={audioSrc}
            actions={actions}
            onKeyDown={onKeyDown}
            scrollRef={scrollRef}
          />
          </LiveRecordingContext.Provider>
        </CuesByLine.Provider>
      )}

      {/* The one player of the page: takes play here (its src is /api/audio/{hash}). */}
      <audio ref={audioRef} className={cx('vox-reader__audio')} preload="auto" aria-label="Table read audio" data-testid="table-read-audio" />
      <p className="vox-visually-hidden" aria-live="polite">
        {announcement}
      </p>

      {dialog === 'roles' && <RolePicker sessionId={session.id} seats={seats} participants={session.participants} myRole={myRole} onClose={() => setDialog(null)} />}
      {dialog === 'share' && <ShareDialog sessionId={session.id} seats={seats} onClose={() => setDialog(null)} copy={copy} />}
      {dialog === 'finish' && (
        <FinishedRead session={session} isOwner={session.createdBy === userId} onClose={() => setDialog(null)} copy={copy} />
      )}
    </div>
  );
}

/** Object URLs for takes still waiting to upload (newest per line), so they play before they arrive. */
function useLocalTakeUrls(pending: readonly PendingView[]): ReadonlyMap<string, string> {
  const cache = useRef(new Map<string, string>());
  const key = pending.map((v) => v.take.clientId).join(',');
  const urls = useMemo(() => {
    const byLine = new Map<string, string>();
    if (typeof URL.createObjectURL !== 'function') return byLine;
    for (const view of pending) {
      let url = cache.current.get(view.take.clientId);
      if (!url) {
        url = URL.createObjectURL(view.take.audio);
        cache.current.set(view.take.clientId, url);
      }
      byLine.set(view.take.lineId, url);
    }
    return byLine;
    // Progress ticks change `pending` but not which takes are waiting.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);
  useEffect(() => {
    const live = new Set(key.split(','));
    for (const [clientId, url] of cache.current) {
      if (!live.has(clientId)) {
        URL.revokeObjectURL(url);
        cache.current.delete(clientId);
      }
    }
  }, [key]);
  useEffect(() => {
    const cached = cache.current;
    return () => {
      for (const url of cached.values()) URL.revokeObjectURL(url);
      cached.clear();
    };
  }, []);
  return urls;
}
