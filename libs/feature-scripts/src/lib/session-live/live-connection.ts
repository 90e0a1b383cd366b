import { ApiError } from '@vox/api-client';
import { LIVE_TIMING, type LiveEvent } from '@vox/contract/live';
import { reconnectDelay } from './backoff';
import { createSseParser } from './sse';

export type LiveStatus =
  | { state: 'connecting' }
  | { state: 'live' }
  /** The stream dropped; the next attempt starts in `inMs`. */
  | { state: 'retrying'; attempt: number; inMs: number }
  /**
   * The server ended the channel for good: `revoked` (the link I joined with was revoked: an
   * event, or 403 on reconnect; or a newer stream took this one's place: an event) or `refused`
   * (404: not a participant; 401: signed out).
   */
  | { state: 'closed'; reason: 'revoked' | 'refused'; message: string };

export interface LiveConnectionOptions {
  /** Opens the stream (api.stream): resolves with the response, or throws ApiError. */
  open(signal: AbortSignal): Promise<Response>;
  onEvent(event: LiveEvent): void;
  onStatus(status: LiveStatus): void;
  /** Called when a stream is up again after a drop: refetch what may have been missed. */
  onReconnected(): void;
  /** Injectable for tests. */
  sleep?(ms: number, signal: AbortSignal): Promise<void>;
  random?(): number;
  /** No byte for this long (the server writes every heartbeat) means a dead connection. */
  silenceMs?: number;
}

const defaultSleep = (ms: number, signal: AbortSignal) =>
  new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        resolve();
      },
      { once: true },
    );
  });

/**
 * Keeps one live stream open (docs/live.md): reconnects after a drop with jittered exponential
 * back-off, at once when the server asks (`reconnect`), never after `revoked` or a 403/404.
 * Every reconnect calls onReconnected, which refetches the session: that is the catch-up (the
 * session's state is one small GET, so nothing is replayed event by event).
 */
export function connectLive(options: LiveConnectionOptions): { close(): void } {
  const stop = new AbortController();
  const sleep = options.sleep ?? defaultSleep;
  const silenceMs = options.silenceMs ?? LIVE_TIMING.heartbeatMs * 2.5;

  const run = async () => {
    let attempt = 0;
    let connectedBefore = false;
    while (!stop.signal.aborted) {
      options.onStatus({ state: 'connecting' });
      const current = new AbortController();
      const abortCurrent = () => current.abort();
      stop.signal.addEventListener('abort', abortCurrent, { once: true });
      let again = false;
      let watchdog: ReturnType<typeof setTimeout> | undefined;
      let reader: ReadableStreamDefaultReader<string> | undefined;
      const watch = () => {
        clearTimeout(watchdog);
        watchdog = setTimeout(() => {
          abortCurrent();
          void reader?.cancel().catch(() => undefined);
        }, silenceMs);
      };
      try {
        const response = await options.open(current.signal);
        if (!response.body) throw new ApiError(0, 'The live channel sent nothing.');
        attempt = 0;
        options.onStatus({ state: 'live' });
        if (connectedBefore) options.onReconnected();
        connectedBefore = true;
        let closedFor: string | null = null;
        const parser = createSseParser(({ data }) => {
          let event: LiveEvent;
          try {
            event = JSON.parse(data) as LiveEvent;
          } catch {
            return;
          }
          if (event.type === 'revoked') closedFor = event.message;
          else if (event.type === 'reconnect') again = true;
          else options.onEvent(event);
        });
        reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
        watch();
        for (;;) {
          const { value, done } = await reader.read();
          if (done) break;
          watch();
          parser.push(value);
          if (closedFor !== null) break;
        }
        if (closedFor !== null) {
          options.onStatus({ state: 'closed', reason: 'revoked', message: closedFor });
          stop.abort();
          return;
        }
      } catch (error) {
        if (stop.signal.aborted) return;
        if (error instanceof ApiError && (error.status === 401 || error.status === 403 || error.status === 404)) {
          options.onStatus({ state: 'closed', reason: error.status === 403 ? 'revoked' : 'refused', message: error.message });
          return;
        }
      } finally {
        clearTimeout(watchdog);
        stop.signal.removeEventListener('abort', abortCurrent);
        current.abort();
      }
      if (stop.signal.aborted) return;
      if (again) continue;
      const inMs = reconnectDelay(attempt, options.random);
      options.onStatus({ state: 'retrying', attempt: attempt + 1, inMs });
      attempt += 1;
      await sleep(inMs, stop.signal);
    }
  };
  void run();
  return { close: () => stop.abort() };
}
