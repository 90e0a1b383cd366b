import { lazyComponent, Page, Spinner } from '@vox/ui';

/** The charts the dashboard draws, in order. */
export const METRICS_CHARTS: readonly { title: string; text: string }[] = [
  { title: 'Daily active users', text: 'Signed-in members who did anything on a day.' },
  { title: 'Visits', text: 'Pages opened per day.' },
  { title: 'Visits by page', text: 'Which pages people open most, by route.' },
  { title: 'Logins and registrations', text: 'Sign-ins and new members per day.' },
  { title: 'Share-link opens', text: 'How often shared scripts are opened.' },
  { title: 'Reading sessions and takes', text: 'Table reads started and takes recorded.' },
  { title: 'New subscriptions', text: 'Memberships started per day.' },
  { title: 'Episodes played', text: 'Podcast episodes played per day.' },
];

// The page's code (controls, cards, queries) loads once the staff gate lets the caller in; uPlot
// follows with the first chart. The dashboard's first route carries neither.
const MetricsDashboard = lazyComponent(
  () => import('./metrics-dashboard'),
  (m) => m.default,
  <Page width="wide" centered>
    <Spinner size="lg" label="Loading the metrics" />
  </Page>,
);

/**
 * The dashboard site's page (privilege show_metrics): charts over the activity log and the
 * product's tables, for a range of days counted in a chosen time zone, on one site or all. The
 * view lives in the URL (range, dates, tz, variant), so a link shows the same view.
 */
export function MetricsPage() {
  return (
    <MetricsDashboard />
  );
}
