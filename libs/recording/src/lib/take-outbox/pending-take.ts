/**
 * Where a take goes: a line of a table read, or a side line of my audition for a casting role.
 * The queue sends every kind the same way; only the upload differs (each feature lib gives its
 * own, `provideUploader`).
 */
export type TakeTarget =
  | { kind: 'read'; sessionId: string }
  /** auditionId: my draft when the take was recorded; without one, the upload starts it. */
  | { kind: 'audition'; callId: string; roleId: string; auditionId?: string };
export type TakeKind = TakeTarget['kind'];

/**
 * A recording that has not reached the server yet. It is written to the browser's store
 * (IndexedDB) before the first upload starts and removed only when the server confirms it, so a
 * lost connection, a closed tab or a reload never loses it.
 */
export interface PendingTake {
  /** The browser's id of the take (TAKE_CLIENT_ID_PATTERN): the server stores it once per id. */
  clientId: string;
  /** Whose take it is: after a reload only the signed-in user's takes are sent. */
  userId: string;
  target: TakeTarget;
  lineId: string;
  audio: Blob;
  /** The recording's type without codec parameters, e.g. "audio/webm". */
  contentType: string;
  durationMs: number | null;
  /** ISO time of the recording. */
  createdAt: string;
  /** The server's text when it refused the take for good (a 4xx other than 408/429). */
  error?: string | null;
}

/** Where pending takes are kept between reloads. The app uses IndexedDB; specs use a Map. */
export interface TakeStore {
  list(): Promise<PendingTake[]>;
  /** The take as the store holds it now: the offline worker may have sent it (gone) or kept a refusal. */
  get(clientId: string): Promise<PendingTake | undefined>;
  put(take: PendingTake): Promise<void>;
  remove(clientId: string): Promise<void>;
}

/** What a page shows for a pending take. */
export interface PendingView {
  take: PendingTake;
  /** waiting: queued or between retries; uploading: on its way; failed: refused, needs the user. */
  state: 'waiting' | 'uploading' | 'failed';
  /** 0..1 while uploading. */
  progress: number;
  /** The server's text when failed. */
  error: string | null;
  /** False when the browser's store could not keep it (private mode, full disk): only this tab has it. */
  saved: boolean;
}
