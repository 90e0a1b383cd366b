import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '@vox/api-client';
import { type MetricsPart, type MetricsVariant, metricsEndpoints } from '@vox/contract/metrics';

/** The metrics dashboard's calls; its keys under ['metrics']. */
const metricsKeys = {
  all: ['metrics'] as const,
  part: (view: MetricsRange, part: MetricsPart) => [...metricsKeys.all, view.from, view.to, view.tz, view.variant, part] as const,
};

/** The days (YYYY-MM-DD, inclusive, in `tz`) and the site a chart counts. */
interface MetricsRange {
  from: string;
  to: string;
  tz: string;
  variant: MetricsVariant;
}

/**
 * One chart's own request, so each chart is drawn as its answer arrives rather than with the
 * slowest. (One useQuery per card: the shell shares a trimmed @tanstack/react-query without useQueries.)
 */
export function useMetricsPart(view: MetricsRange, part: MetricsPart) {
  return useQuery({
    queryKey: metricsKeys.part(view, part),
    queryFn: () => api.call(metricsEndpoints.metrics, { query: { from: view.from, to: view.to, tz: view.tz, variant: view.variant, charts: part } }),
    placeholderData: keepPreviousData,
    staleTime: 60_000,
  });
}
