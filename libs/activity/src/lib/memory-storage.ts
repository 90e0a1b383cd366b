import type { KeyValueStorage } from './activity-session';

/** A stand-in for sessionStorage in tests; `data` shows what was stored. */
export function memoryStorage(initial: Record<string, string> = {}): KeyValueStorage & { data: Record<string, string> } {
  const data = { ...initial };
  return {
    data,
    getItem: (key) => (key in data ? data[key] : null),
    setItem: (key, value) => {
      data[key] = value;
    },
  };
}
