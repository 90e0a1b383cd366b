import { ACTIVITY_ACTIONS, createActivityLogger, type ActivityLogEntry, type ActivityLoggerOptions } from './activity-logger';
import { LAST_ACTIVITY_KEY, SESSION_ID_KEY } from './activity-session';
import { toLocalTime } from './local-time';
import { memoryStorage } from './memory-storage';

const T0 = Date.UTC(2025, 5, 15, 12, 0, 0);

function setup(overrides: Partial<ActivityLoggerOptions> = {}) {
  let now = T0;
  const posted: ActivityLogEntry[] = [];
  const storage = memoryStorage();
  const options: ActivityLoggerOptions = {
    post: jest.fn(async (entry: ActivityLogEntry) => {
      posted.push(entry);
    }),
    getUserId: () => 'u1',
    now: () => now,
    storage,
    ...overrides,
  };
  const logger = createActivityLogger(options);
  return { logger, posted, storage, options, advance: (ms: number) => (now += ms) };
}

describe('ACTIVITY_ACTIONS', () => {
  it('lists the actions that are logged', () => {
    expect(ACTIVITY_ACTIONS).toEqual(['visit', 'login', 'register', 'logout', 'open_sharelink']);
  });
});

describe('createActivityLogger', () => {
  it('posts the six fields: userId, localTime, session, path, action, context', async () => {
    const { logger, posted, storage } = setup();
    await logger.log('open_sharelink', '/s/ln1', { id: 'ln1', script: 'sc1' });
    expect(posted).toEqual([
      {
        userId: 'u1',
        localTime: toLocalTime(new Date(T0)),
        session: storage.data[SESSION_ID_KEY],
        path: '/s/ln1',
        action: 'open_sharelink',
        context: { id: 'ln1', script: 'sc1' },
      },
    ]);
    expect(Object.keys(posted[0]).sort()).toEqual(['action', 'context', 'localTime', 'path', 'session', 'userId']);
    expect(posted[0].session).toMatch(/^[A-Za-z0-9]{10}$/);
  });

  it('sends context null when none is given', async () => {
    const { logger, posted } = setup();
    await logger.log('visit', '/scripts');
    expect(posted[0].context).toBeNull();
  });

  it('sends userId null when logged out', async () => {
    const { logger, posted } = setup({ getUserId: () => null });
    await logger.log('visit', '/scripts');
    expect(posted[0].userId).toBeNull();
    const undefinedUser = setup({ getUserId: () => undefined });
    await undefinedUser.logger.log('visit', '/');
    expect(undefinedUser.posted[0].userId).toBeNull();
  });

  it('reads the user at the moment of the action', async () => {
    let userId: string | null = 'u1';
    const { logger, posted } = setup({ getUserId: () => userId });
    const logout = logger.log('logout', '/scripts');
    userId = null;
    await logout;
    await logger.log('visit', '/');
    expect(posted.map((e) => e.userId)).toEqual(['u1', null]);
  });

  it('keeps one session across actions and renews it after 30 minutes of inactivity', async () => {
    const { logger, posted, advance, storage } = setup();
    await logger.log('visit', '/a');
    advance(10 * 60_000);
    await logger.log('visit', '/b');
    advance(29 * 60_000);
    await logger.log('visit', '/c');
    advance(30 * 60_000);
    await logger.log('visit', '/d');
    const [a, b, c, d] = posted.map((e) => e.session);
    expect(b).toBe(a);
    expect(c).toBe(a);
    expect(d).not.toBe(a);
    expect(storage.data[LAST_ACTIVITY_KEY]).toBe(String(T0 + 69 * 60_000));
  });

  it('stamps each entry with the local time of its moment', async () => {
    const { logger, posted, advance } = setup();
    advance(90_000);
    await logger.log('visit', '/');
    expect(posted[0].localTime).toBe(toLocalTime(new Date(T0 + 90_000)));
  });

  it('swallows a rejected post', async () => {
    const { logger } = setup({ post: () => Promise.reject(new Error('offline')) });
    await expect(logger.log('visit', '/')).resolves.toBeUndefined();
  });

  it('swallows a post that throws synchronously', async () => {
    const { logger } = setup({
      post: () => {
        throw new Error('boom');
      },
    });
    await expect(logger.log('login', '/')).resolves.toBeUndefined();
  });

  it('swallows a failing user lookup or storage', async () => {
    const failingUser = setup({
      getUserId: () => {
        throw new Error('no store');
      },
    });
    await expect(failingUser.logger.log('visit', '/')).resolves.toBeUndefined();
    const failingStorage = setup({
      storage: {
        getItem: () => {
          throw new Error('SecurityError');
        },
        setItem: () => undefined,
      },
    });
    await expect(failingStorage.logger.log('visit', '/')).resolves.toBeUndefined();
  });

  it('works without injected clock and storage', async () => {
    const posted: ActivityLogEntry[] = [];
    const logger = createActivityLogger({ post: (e) => void posted.push(e), getUserId: () => null });
    await logger.log('visit', '/');
    await logger.log('visit', '/x');
    expect(posted).toHaveLength(2);
    expect(posted[1].session).toBe(posted[0].session);
    expect(Date.parse(posted[0].localTime)).not.toBeNaN();
  });
});
