import { lazy, Suspense } from 'react';
import { Route, Routes } from 'react-router';
import { Page, Spinner } from '@vox/ui';
import { MetricsPage } from '../metrics-page/metrics-page';

// Each staff page is its own chunk, loaded after the staff gate; the first route carries none.
const FailedJobsPage = lazy(() => import('./failed-jobs-page'));
const FormRequestsPage = lazy(() => import('./form-requests-page'));

const loading = (
  <Page width="wide" centered>
    <Spinner size="lg" label="Loading" />
  </Page>
);

/**
 * The dashboard site's pages for staff: the charts at every path (seed section 2), and the
 * failed background jobs and the form requests at /metrics/jobs and /metrics/requests (a
 * /metrics path reaches the dashboard from any host; the dashboard host also takes /jobs and
 * /requests).
 */
export function DashboardSite() {
  return (
    <Suspense fallback={loading}>
      <Routes>
        {['/metrics/jobs', '/jobs'].map((path) => (
          <Route key={path} path={path} element={<FailedJobsPage />} />
        ))}
        {['/metrics/requests', '/requests'].map((path) => (
          <Route key={path} path={path} element={<FormRequestsPage />} />
        ))}
        <Route path="*" element={<MetricsPage />} />
      </Routes>
    </Suspense>
  );
}
