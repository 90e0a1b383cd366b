import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '@vox/api-client';
import type { VitalsQuery } from '@vox/contract';
import { vitalsEndpoints } from '@vox/contract/vitals';

/** The Web vitals tab's calls; its keys under ['vitals']. */
const vitalsKeys = {
  all: ['vitals'] as const,
  failures: () => [...vitalsKeys.all, 'remote-failures'] as const,
  summary: (query: VitalsQuery) => [...vitalsKeys.all, query.from ?? '', query.to ?? '', query.site ?? '', query.route ?? '', query.remote ?? '', query.version ?? ''] as const,
};

/** p75 and rating counts per metric, day, site, route and remote version under the filters (GET /api/vitals). */
export function useVitals(query: VitalsQuery, enabled = true) {
  return useQuery({
    queryKey: vitalsKeys.summary(query),
    queryFn: () => api.call(vitalsEndpoints.vitals, { query }),
    placeholderData: keepPreviousData,
    staleTime: 60_000,
    enabled,
  });
}

/** Remote load failures per remote version and fallback over the last 28 days (GET /api/vitals/remote-failures). */
export function useRemoteFailures() {
  return useQuery({
    queryKey: vitalsKeys.failures(),
    queryFn: () => api.call(vitalsEndpoints.remoteFailures, { query: {} }),
    staleTime: 60_000,
  });
}
