import { CASTING_LIMITS } from '@vox/contract/casting';

const DAY = 24 * 60 * 60 * 1000;

/** "Friday 11 December 2026" in the reader's own zone. */
export const formatDeadline = (iso: string): string =>
  new Date(iso).toLocaleDateString('en-GB', { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric' });

/** The server's "closing soon": the deadline is within CASTING_LIMITS.closingSoonDays. */
export const isClosingSoon = (iso: string, now = Date.now()): boolean => {
  const left = new Date(iso).getTime() - now;
  return left > 0 && left <= CASTING_LIMITS.closingSoonDays * DAY;
};

/** The deadline field's value (yyyy-mm-dd, local) of a stored deadline. */
export const dateInputValue = (iso: string): string => {
  const d = new Date(iso);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
};

/** A deadline chosen as a day means the end of that day, where the owner is. */
export const deadlineOfDay = (day: string): string => new Date(`${day}T23:59:00`).toISOString();

/** The deadline a new call starts with: two weeks from today. */
export const defaultDeadlineDay = (now = Date.now()): string => dateInputValue(new Date(now + 14 * DAY).toISOString());

export const VISIBILITY_LABELS = {
  public: 'Public: anyone can find it on the board',
  friends: 'Friends: only my friends see it on the board',
  link: 'Link only: not on the board; anyone with the link can open it',
} as const;
