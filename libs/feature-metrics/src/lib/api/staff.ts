import { useQuery } from '@tanstack/react-query';
import { api } from '@vox/api-client';
import { metricsEndpoints } from '@vox/contract/metrics';

/** The staff pages' calls (failed jobs, form requests); their keys under ['staff']. */
const staffKeys = {
  all: ['staff'] as const,
  jobFailures: () => [...staffKeys.all, 'job-failures'] as const,
  formRequests: (kind: 'contact' | 'pilot' | undefined) => [...staffKeys.all, 'form-requests', kind ?? 'all'] as const,
};

/** The job queue's failures (GET /api/jobs/failures), newest first. */
export const useJobFailures = () => useQuery({ queryKey: staffKeys.jobFailures(), queryFn: () => api.call(metricsEndpoints.jobFailures, { query: { limit: 100 } }) });

/** Contact and pilot-programme requests (GET /api/forms/requests), of one kind or all. */
export const useFormRequests = (kind: 'contact' | 'pilot' | undefined) =>
  useQuery({ queryKey: staffKeys.formRequests(kind), queryFn: () => api.call(metricsEndpoints.formRequests, { query: kind ? { kind } : {} }) });
