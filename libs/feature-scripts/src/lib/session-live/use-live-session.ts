import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { LIVE_TIMING, type LiveEvent, type LivePerson } from '@vox/contract/live';
import { openLiveStream, tellPresence, useLiveRefresh } from '../api/live';
import { connectLive, type LiveConnectionOptions, type LiveStatus } from './live-connection';
import { peopleHere, recordingByLine, type PresenceSnapshot } from './presence';

export interface LiveNotice {
  id: number;
  /** kind:userId — a newer notice of the same kind about the same person replaces the older one. */
  key: string;
  text: string;
}

export interface LiveSession {
  status: LiveStatus;
  /** Who is here now (me included), each with their role and the line they record. */
  people: readonly LivePerson[];
  /** Line id -> the others recording it now. */
  recording: ReadonlyMap<string, LivePerson[]>;
  /** For the owner: "Grace joined …", "Grace recorded 4 lines", newest last (at most 3, kept until dismissed). */
  notices: readonly LiveNotice[];
  dismissNotice(id: number): void;
}

/** Specs replace the stream; undefined opens the real one through the API client. */
type OpenLive = (sessionId: string, signal: AbortSignal) => Promise<Response>;

const openStream: OpenLive = openLiveStream;

/**
 * The reader's live channel (docs/live.md): keeps the stream open, refetches the session when
 * something changed (the cached query is invalidated, so nothing remounts: scroll position,
 * playback and an unsaved recording stay), tracks presence, and tells the server which line I
 * record (`recordingLineId`) so the others see it.
 */
export function useLiveSession(sessionId: string, myId: string, recordingLineId: string | null, open: OpenLive = openStream, connect: (o: LiveConnectionOptions) => { close(): void } = connectLive): LiveSession {
  const refresh = useLiveRefresh(sessionId);
  const [status, setStatus] = useState<LiveStatus>({ state: 'connecting' });
  const [snapshot, setSnapshot] = useState<PresenceSnapshot | null>(null);
  const [notices, setNotices] = useState<LiveNotice[]>([]);
  const [now, setNow] = useState(() => Date.now());
  const connectionId = useRef<string | null>(null);
  const recordingRef = useRef(recordingLineId);
  const noticeId = useRef(0);

  const tellRecording = useCallback(
    (lineId: string | null) => {
      const id = connectionId.current;
      if (!id) return;
      tellPresence(sessionId, id, lineId);
    },
    [sessionId],
  );

  useEffect(() => {
    const refetch = refresh.session;
    const onEvent = (event: LiveEvent) => {
      switch (event.type) {
        case 'hello':
          connectionId.current = event.connectionId;
          // A new connection starts not recording: say so if I am.
          if (recordingRef.current) tellRecording(recordingRef.current);
          break;
        case 'presence':
          setSnapshot({ people: event.people, receivedAt: Date.now() });
          setNow(Date.now());
          break;
        case 'changed':
          refetch();
          break;
        case 'notice':
          // One notice per person and kind: "Grace recorded 2 lines" replaces "… 1 line", as in Messages.
          setNotices((list) => [...list.filter((n) => n.key !== `${event.kind}:${event.by}`).slice(-2), { id: ++noticeId.current, key: `${event.kind}:${event.by}`, text: event.text }]);
          // The red dot and Messages show the same message.
          refresh.notifications();
          break;
        default:
          break;
      }
    };
    const connection = connect({
      open: (signal) => open(sessionId, signal),
      onEvent,
      onStatus: (next) => {
        setStatus(next);
        if (next.state !== 'live') connectionId.current = null;
      },
      onReconnected: refetch,
    });
    return () => connection.close();
  }, [refresh, sessionId, open, connect, tellRecording]);

  // Tell the others which line I record.
  useEffect(() => {
    if (recordingRef.current === recordingLineId) return;
    recordingRef.current = recordingLineId;
    tellRecording(recordingLineId);
  }, [recordingLineId, tellRecording]);

  // Presence expires by itself when no fresh list arrives.
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), LIVE_TIMING.heartbeatMs / 3);
    return () => clearInterval(timer);
  }, []);

  const people = useMemo(() => peopleHere(snapshot, now), [snapshot, now]);
  const recording = useMemo(() => recordingByLine(people, myId), [people, myId]);
  const dismissNotice = useCallback((id: number) => setNotices((list) => list.filter((n) => n.id !== id)), []);
  return { status, people, recording, notices, dismissNotice };
}
