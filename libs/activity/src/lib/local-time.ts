/**
 * The activity's local time is the wall-clock time of the visitor, written as an
 * ISO string (the instant shifted by the timezone offset), so reports read in the visitor's hours.
 */
export function toLocalTime(date: Date, timezoneOffsetMinutes: number = date.getTimezoneOffset()): string {
  return new Date(date.getTime() - timezoneOffsetMinutes * 60_000).toISOString();
}
