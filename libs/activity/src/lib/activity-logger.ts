import { defaultStorage, touchSession, type KeyValueStorage, type RandomBytes } from './activity-session';
import { toLocalTime } from './local-time';

/** The actions that are logged. */
export const ACTIVITY_ACTIONS = ['visit', 'login', 'register', 'logout', 'open_sharelink'] as const;
export type ActivityAction = (typeof ACTIVITY_ACTIONS)[number];

export type ActivityContext = Record<string, unknown> | null;

/** The six fields of the product's activity log entry, as POSTed to /api/activities/. */
export interface ActivityLogEntry {
  userId: string | null;
  localTime: string;
  session: string;
  path: string;
  action: ActivityAction;
  context: ActivityContext;
}

export interface ActivityLoggerOptions {
  post: (entry: ActivityLogEntry) => Promise<unknown> | unknown;
  /** The signed-in user's id, or null when logged out; read when the action happens. */
  getUserId: () => string | null | undefined;
  now?: () => number;
  storage?: KeyValueStorage;
  random?: RandomBytes;
}

export interface ActivityLogger {
  /** Never throws and never rejects: logging must not break what the user is doing. */
  log(action: ActivityAction, path: string, context?: ActivityContext): Promise<void>;
}

export function createActivityLogger(options: ActivityLoggerOptions): ActivityLogger {
  const now = options.now ?? Date.now;
  let storage: KeyValueStorage | undefined = options.storage;

  return {
    async log(action, path, context = null) {
      try {
        storage ??= defaultStorage();
        const at = now();
        // Built before the first await so the entry names the user of this moment: a 'logout'
        // is logged just before the auth state is cleared.
        const entry: ActivityLogEntry = {
          userId: options.getUserId() ?? null,
          localTime: toLocalTime(new Date(at)),
          session: touchSession(storage, at, options.random),
          path,
          action,
          context,
        };
        await options.post(entry);
      } catch {
        // An activity log that fails (offline, server down) is lost on purpose.
      }
    },
  };
}
