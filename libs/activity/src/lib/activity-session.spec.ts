import {
  defaultStorage,
  LAST_ACTIVITY_KEY,
  newSessionId,
  SESSION_ID_KEY,
  SESSION_IDLE_MS,
  touchSession,
} from './activity-session';
import { memoryStorage } from './memory-storage';

const T0 = Date.UTC(2025, 5, 15, 12, 0, 0);
const MINUTE = 60_000;

describe('newSessionId', () => {
  it('is 10 alphanumeric characters from crypto.getRandomValues', () => {
    const spy = jest.spyOn(globalThis.crypto, 'getRandomValues');
    const id = newSessionId();
    expect(id).toMatch(/^[A-Za-z0-9]{10}$/);
    expect(spy).toHaveBeenCalled();
    spy.mockRestore();
  });

  it('differs between calls', () => {
    const ids = new Set(Array.from({ length: 50 }, () => newSessionId()));
    expect(ids.size).toBe(50);
  });

  it('maps random bytes onto the 62-character alphabet', () => {
    const bytes = (b: Uint8Array) => b.map((_, i) => i);
    expect(newSessionId(bytes)).toBe('ABCDEFGHIJ');
    expect(newSessionId((b) => b.fill(61))).toBe('9999999999');
    expect(newSessionId((b) => b.fill(62))).toBe('AAAAAAAAAA');
  });

  it('redraws bytes that would bias the alphabet', () => {
    let round = 0;
    // The first draw is all unusable bytes (248..255); the second draw is usable.
    const random = (b: Uint8Array) => b.fill(round++ === 0 ? 250 : 27);
    expect(newSessionId(random)).toBe('bbbbbbbbbb');
  });
});

describe('touchSession', () => {
  it('starts a session and stores its id and the activity time in the storage', () => {
    const storage = memoryStorage();
    const id = touchSession(storage, T0);
    expect(id).toMatch(/^[A-Za-z0-9]{10}$/);
    expect(storage.data).toEqual({ [SESSION_ID_KEY]: id, [LAST_ACTIVITY_KEY]: String(T0) });
  });

  it('keeps the session while activity continues within 30 minutes, and moves the activity time', () => {
    const storage = memoryStorage();
    const id = touchSession(storage, T0);
    expect(touchSession(storage, T0 + 29 * MINUTE)).toBe(id);
    expect(touchSession(storage, T0 + 58 * MINUTE)).toBe(id);
    expect(storage.data[LAST_ACTIVITY_KEY]).toBe(String(T0 + 58 * MINUTE));
  });

  it('renews the session after 30 minutes of inactivity', () => {
    const storage = memoryStorage();
    const id = touchSession(storage, T0);
    const renewed = touchSession(storage, T0 + SESSION_IDLE_MS);
    expect(renewed).not.toBe(id);
    expect(renewed).toMatch(/^[A-Za-z0-9]{10}$/);
    expect(storage.data[SESSION_ID_KEY]).toBe(renewed);
  });

  it('keeps the session just under 30 minutes', () => {
    const storage = memoryStorage();
    const id = touchSession(storage, T0);
    expect(touchSession(storage, T0 + SESSION_IDLE_MS - 1)).toBe(id);
  });

  it('resumes a session stored by an earlier page load', () => {
    const storage = memoryStorage({ [SESSION_ID_KEY]: 'Abc123Xyz9', [LAST_ACTIVITY_KEY]: String(T0) });
    expect(touchSession(storage, T0 + 5 * MINUTE)).toBe('Abc123Xyz9');
  });

  it('replaces a malformed id or a missing activity time', () => {
    expect(touchSession(memoryStorage({ [SESSION_ID_KEY]: 'short', [LAST_ACTIVITY_KEY]: String(T0) }), T0)).not.toBe('short');
    expect(touchSession(memoryStorage({ [SESSION_ID_KEY]: 'Abc123Xyz9' }), T0)).not.toBe('Abc123Xyz9');
    expect(touchSession(memoryStorage({ [SESSION_ID_KEY]: 'Abc123Xyz9', [LAST_ACTIVITY_KEY]: 'x' }), T0)).not.toBe('Abc123Xyz9');
  });
});

describe('defaultStorage', () => {
  it('falls back to memory where sessionStorage does not exist', () => {
    expect('sessionStorage' in globalThis).toBe(false);
    const storage = defaultStorage();
    storage.setItem('k', 'v');
    expect(storage.getItem('k')).toBe('v');
    expect(storage.getItem('missing')).toBeNull();
  });
});
