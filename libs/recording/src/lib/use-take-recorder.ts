import { useCallback, useEffect, useRef, useState } from 'react';
import { browserDevices, recorderMessage, startRecording, type ActiveRecording, type Recording, type RecorderDevices } from './recorder';

/** A take longer than this stops by itself (a forgotten recording would fill the disk). */
const MAX_TAKE_MS = 10 * 60 * 1000;

export type RecorderState =
  | { status: 'idle' }
  | { status: 'starting'; lineId: string }
  | { status: 'recording'; lineId: string; active: ActiveRecording }
  | { status: 'error'; lineId: string; message: string };

/**
 * One recording at a time for the reader. `onRecorded` gets each finished take (the page puts it
 * in the upload queue). Devices are injectable for specs; the browser's by default.
 */
export function useTakeRecorder(onRecorded: (lineId: string, recording: Recording) => void, devices?: RecorderDevices | null) {
  const [state, setRendered] = useState<RecorderState>({ status: 'idle' });
  // The latest state for the callbacks, which stay the same functions across renders.
  const stateRef = useRef(state);
  const setState = useCallback((next: RecorderState) => {
    stateRef.current = next;
    setRendered(next);
  }, []);
  const onRecordedRef = useRef(onRecorded);
  useEffect(() => {
    onRecordedRef.current = onRecorded;
  }, [onRecorded]);
  const devicesRef = useRef(devices === undefined ? browserDevices() : devices);

  const stop = useCallback(async () => {
    const current = stateRef.current;
    if (current.status !== 'recording') return;
    try {
      const recording = await current.active.stop();
      setState({ status: 'idle' });
      onRecordedRef.current(current.lineId, recording);
    } catch (error) {
      setState({ status: 'error', lineId: current.lineId, message: recorderMessage(error) });
    }
  }, [setState]);

  const start = useCallback(async (lineId: string) => {
    const current = stateRef.current;
    if (current.status === 'starting' || current.status === 'recording') return;
    setState({ status: 'starting', lineId });
    try {
      const active = await startRecording(devicesRef.current);
      setState({ status: 'recording', lineId, active });
    } catch (error) {
      setState({ status: 'error', lineId, message: recorderMessage(error) });
    }
  }, [setState]);

  const dismiss = useCallback(() => setState({ status: 'idle' }), [setState]);

  // The forgotten-recording guard.
  useEffect(() => {
    if (state.status !== 'recording') return undefined;
    const timer = setTimeout(() => void stop(), MAX_TAKE_MS);
    return () => clearTimeout(timer);
  }, [state, stop]);
  // Leaving the reader mid-take keeps the take (the queue outlives the page) and frees the microphone.
  useEffect(
    () => () => {
      const current = stateRef.current;
      if (current.status !== 'recording') return;
      current.active.stop().then(
        (recording) => onRecordedRef.current(current.lineId, recording),
        () => undefined,
      );
    },
    [],
  );

  return { state, start, stop, dismiss, supported: devicesRef.current !== null };
}
