/** 10 random alphanumeric characters, renewed after 30 minutes of inactivity. */
const SESSION_ID_LENGTH = 10;
export const SESSION_IDLE_MS = 30 * 60 * 1000;
export const SESSION_ID_KEY = 'activitySession';
export const LAST_ACTIVITY_KEY = 'activityLastAt';

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
const SESSION_ID_RE = /^[A-Za-z0-9]{10}$/;
// The largest multiple of 62 that fits in a byte; bytes above it are redrawn so every character is equally likely.
const UNBIASED_LIMIT = 256 - (256 % ALPHABET.length);

export type RandomBytes = (bytes: Uint8Array) => Uint8Array;

const cryptoRandom: RandomBytes = (bytes) => globalThis.crypto.getRandomValues(bytes);

export function newSessionId(random: RandomBytes = cryptoRandom): string {
  let id = '';
  while (id.length < SESSION_ID_LENGTH) {
    for (const byte of random(new Uint8Array(SESSION_ID_LENGTH * 2))) {
      if (byte < UNBIASED_LIMIT && id.length < SESSION_ID_LENGTH) id += ALPHABET[byte % ALPHABET.length];
    }
  }
  return id;
}

export type KeyValueStorage = Pick<Storage, 'getItem' | 'setItem'>;

/** sessionStorage, or a page-lifetime map where it is missing or blocked (privacy modes throw on access). */
export function defaultStorage(): KeyValueStorage {
  try {
    const storage = globalThis.sessionStorage;
    if (storage) return storage;
  } catch {
    // blocked storage: fall through to memory
  }
  const memory = new Map<string, string>();
  return { getItem: (key) => memory.get(key) ?? null, setItem: (key, value) => void memory.set(key, value) };
}

/**
 * The current activity session id at `now`, starting a new one when none is stored or the last
 * activity is 30 minutes or more ago. Every call counts as activity.
 */
export function touchSession(storage: KeyValueStorage, now: number, random?: RandomBytes): string {
  const stored = storage.getItem(SESSION_ID_KEY);
  const lastAt = Number(storage.getItem(LAST_ACTIVITY_KEY));
  const fresh = stored !== null && SESSION_ID_RE.test(stored) && Number.isFinite(lastAt) && lastAt > 0 && now - lastAt < SESSION_IDLE_MS;
  const id = fresh ? stored : newSessionId(random);
  storage.setItem(SESSION_ID_KEY, id);
  storage.setItem(LAST_ACTIVITY_KEY, String(now));
  return id;
}
