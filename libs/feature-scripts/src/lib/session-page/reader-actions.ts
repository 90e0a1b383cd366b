import type { Take } from '@vox/contract';

/**
 * What a line of the reader can ask of the page. One stable object for the whole list, so the
 * memoised rows re-render only when their own data changes.
 */
export interface ReaderActions {
  /** Makes the line current (click, or before recording it). */
  select(index: number): void;
  record(lineId: string): Promise<void>;
  stopRecording(): Promise<void>;
  dismissRecorderError(): void;
  /** Plays one take alone; `audio` is its content hash. */
  preview(audio: string): void;
  pick(takeId: string): void;
  /** Saves one take as a file; `number` is its place in the line's list. */
  download?(take: Take, number: number): void;
  remove(takeId: string): void;
  retry(clientId: string): void;
  discard(clientId: string): Promise<void>;
}
