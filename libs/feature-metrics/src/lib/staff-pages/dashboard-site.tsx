import { Route, Routes } from 'react-router';
import { lazyComponent, Page, Spinner } from '@vox/ui';
import { MetricsPage } from '../metrics-page/metrics-page';
import { STAFF_PATHS } from './staff-paths';

const loading = (
  <Page width="wide" centered>
    <Spinner size="lg" label="Loading" />
  </Page>
);

// Each staff page is its own chunk, loaded after the staff gate; the first route carries none.
const FailedJobsPage = lazyComponent(() => import('./failed-jobs-page'), (m) => m.default, loading);
const VitalsPage = lazyComponent(() => import('../vitals-page/vitals-page'), (m) => m.default, loading);
const FormRequestsPage = lazyComponent(() => import('./form-requests-page'), (m) => m.default, loading);

/**
 * The dashboard site's pages for staff: the charts at every path, and the real-user web vitals,
 * the failed background jobs and the form requests at /metrics/vitals, /metrics/jobs and
 * /metrics/requests (a /metrics path reaches the dashboard from any host; the dashboard host also
 * takes /vitals, /jobs and /requests).
 */
export function DashboardSite() {
  return (
    <Routes>
      {[STAFF_PATHS.vitals, '/vitals'].map((path) => (
        <Route key={path} path={path} element={<VitalsPage />} />
      ))}
      {[STAFF_PATHS.jobs, '/jobs'].map((path) => (
        <Route key={path} path={path} element={<FailedJobsPage />} />
      ))}
      {[STAFF_PATHS.requests, '/requests'].map((path) => (
        <Route key={path} path={path} element={<FormRequestsPage />} />
      ))}
      <Route path="*" element={<MetricsPage />} />
    </Routes>
  );
}
