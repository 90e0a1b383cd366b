const format = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short' });

/** "23 Nov 2026, 19:40" in the viewer's zone; the ISO text stays in the <time> element. */
export const when = (iso: string) => format.format(new Date(iso));
