import { lazyComponent, Page, Spinner } from '@vox/ui';

/**
 * The dashboard site's page (privilege show_metrics): charts over the activity log and the
 * product's tables, for a range of days counted in a chosen time zone, on one site or all. The
 * view lives in the URL (range, dates, tz, variant), so a link shows the same view.
 *
 * The page's code (controls, cards, queries) loads once the staff gate lets the caller in; uPlot
 * follows with the first chart. The dashboard's first route carries neither.
 */
export const MetricsPage = lazyComponent(
  () => import('./metrics-dashboard'),
  (m) => m.default,
  <Page width="wide" centered>
    <Spinner size="lg" label="Loading the metrics" />
  </Page>,
);
