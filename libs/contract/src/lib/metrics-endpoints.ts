// Through the core entry's shared name, so an area's entry uses the shell's one copy of the helper
// (a relative import would put a second copy of endpoint-meta.ts in the area's federation chunk).
// eslint-disable-next-line @nx/enforce-module-boundaries -- another entry of this lib (federation singleton); index.ts imports no area at run time
import { named } from '@vox/contract';

/**
 * The dashboard's and the staff pages' calls: metrics, background jobs and
 * the forms' requests. Web: @vox/contract/metrics.
 * One description per call: ./all-endpoints.ts assembles the full table from the areas' parts.
 */
export const metricsEndpoints = named({
  /** Staff only: background jobs that failed for good, newest first. */
  jobFailures: { method: 'GET', path: '/api/jobs/failures', auth: 'user' },
  /** Staff only: one background job's state and progress. */
  jobStatus: { method: 'GET', path: '/api/jobs/:name/:id', auth: 'user' },
  /** Staff only: the requests, newest first. */
  formRequests: { method: 'GET', path: '/api/forms/requests', auth: 'user' },
  /** Staff (show_metrics): every chart's daily counts for a range, time zone and site. */
  metrics: { method: 'GET', path: '/api/metrics', auth: 'show_metrics' },
});
