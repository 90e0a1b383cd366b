// Through the core entry's shared name, so an area's entry uses the shell's one copy of the helper.
// eslint-disable-next-line @nx/enforce-module-boundaries -- another entry of this lib (federation singleton); index.ts imports no area at run time
import { named } from '@vox/contract';

/**
 * Real-user web vitals: the pages' beacon and the dashboard's Web vitals tab. Web: @vox/contract/vitals.
 * One description per call: ./all-endpoints.ts assembles the full table from the areas' parts.
 */
export const vitalsEndpoints = named({
  /** Anyone: one page view's vitals, sent with navigator.sendBeacon once the page is hidden. */
  reportVitals: { method: 'POST', path: '/api/vitals', auth: 'optional' },
  /** Staff (show_metrics): p75 and rating shares per metric, site, route and remote version. */
  vitals: { method: 'GET', path: '/api/vitals', auth: 'show_metrics' },
  /** Anyone: a remote that failed to load, sent by the shell as it turns to the manifest's fallback. */
  reportRemoteFailure: { method: 'POST', path: '/api/vitals/remote-failures', auth: 'optional' },
  /** Staff (show_metrics): remote load failures per remote version. */
  remoteFailures: { method: 'GET', path: '/api/vitals/remote-failures', auth: 'show_metrics' },
});
