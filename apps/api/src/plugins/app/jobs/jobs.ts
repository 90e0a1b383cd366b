/** Where a job stands, as the staff route and the UI show it. */
export type JobState = 'queued' | 'active' | 'retry' | 'completed' | 'failed';

export interface JobStatus {
  id: string;
  name: string;
  state: JobState;
  /** 0 to 1 as the handler last reported it; null before it reported any. */
  progress: number | null;
  /** Runs started so far (1 on the first run). */
  attempts: number;
  /** The last failure's message (never its data). */
  error: string | null;
  createdAt: string;
}

export interface JobContext<T> {
  id: string;
  data: T;
  /** 1 on the first run, 2 on the first retry, … */
  attempt: number;
  /** Reports how far the job is (0 to 1), for the UI. */
  progress(fraction: number): Promise<void>;
}

export type JobHandler<T> = (job: JobContext<T>) => Promise<void>;

export interface JobDefinition {
  /** Retries after the first run (default 5). */
  retryLimit?: number;
  /** The first retry's delay; each next one doubles (default 10 s). */
  retryDelaySeconds?: number;
  /** A run not finished by then counts as failed (its worker died) and is retried (default 15 min). */
  expireInSeconds?: number;
}

export interface EnqueueOptions {
  /** The same key for the same job name is the same job: enqueuing it again answers the first id. */
  key?: string;
}

/**
 * Work that must not run inside a request (mail, audio probing, rendering, reminders). Handlers
 * must be idempotent: a job runs at least once, and again after a crash mid-run.
 */
export interface JobQueue {
  readonly kind: 'in-process' | 'pg-boss';
  /** Registers the handler of a job name; this instance then works such jobs. */
  define<T extends object>(name: string, handler: JobHandler<T>, options?: JobDefinition): Promise<void>;
  enqueue<T extends object>(name: string, data: T, options?: EnqueueOptions): Promise<string>;
  status(name: string, id: string): Promise<JobStatus | undefined>;
  /** Jobs that failed for good, newest first (the staff route). */
  failures(limit?: number): Promise<JobStatus[]>;
  /** Resolves once no job is waiting to run or running (a retry waiting for its delay excepted). */
  idle(): Promise<void>;
  /** Answers while the queue's store can be reached (readiness). */
  check(): Promise<void>;
  /** Takes no new job; running ones finish (up to `timeoutMs`), the rest are released to others. */
  stop(timeoutMs?: number): Promise<void>;
}

export const DEFAULTS = { retryLimit: 5, retryDelaySeconds: 10, expireInSeconds: 15 * 60 } satisfies Required<JobDefinition>;

export const errorText = (err: unknown) => (err instanceof Error ? err.message : String(err)).slice(0, 500);
