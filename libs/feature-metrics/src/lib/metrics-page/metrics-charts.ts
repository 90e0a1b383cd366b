import type { MetricsPart } from '@vox/contract/metrics';

/** The charts the dashboard draws, in order, each its own request (`charts=<id>`). */
export const METRICS_CHARTS: readonly { id: MetricsPart; title: string; text: string }[] = [
  { id: 'activeUsers', title: 'Daily active users', text: 'Signed-in members who did anything on a day.' },
  { id: 'visits', title: 'Visits', text: 'Pages opened per day.' },
  { id: 'topPages', title: 'Visits by page', text: 'Which pages people open most, by route.' },
  { id: 'logins', title: 'Logins and registrations', text: 'Sign-ins and new members per day.' },
  { id: 'shareLinks', title: 'Share-link opens', text: 'How often shared scripts are opened.' },
  { id: 'readingSessions', title: 'Reading sessions and takes', text: 'Table reads started and takes recorded.' },
  { id: 'subscriptions', title: 'New subscriptions', text: 'Memberships started per day.' },
  { id: 'episodes', title: 'Episodes played', text: 'Podcast episodes played per day.' },
  { id: 'casting', title: 'Casting calls and auditions', text: 'Casting calls posted and auditions sent per day.' },
];
