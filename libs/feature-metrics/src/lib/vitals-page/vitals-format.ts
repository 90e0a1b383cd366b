import { vitalRating, type VitalMetric } from '@vox/contract/vitals';

const RATING_NAMES = { good: 'Good', needsImprovement: 'Needs improvement', poor: 'Poor' } as const;

/** A metric's value as people read it: milliseconds (seconds from 1 s), CLS as a plain number. */
export function formatVital(metric: VitalMetric, value: number | null): string {
  if (value === null) return 'No data';
  if (metric === 'CLS') return String(Number(value.toFixed(3)));
  return value >= 1000 ? `${Number((value / 1000).toFixed(2))} s` : `${Math.round(value)} ms`;
}

/** The p75's rating by the Core Web Vitals thresholds, in words. */
export const ratingOf = (metric: VitalMetric, value: number | null) => (value === null ? null : RATING_NAMES[vitalRating(metric, value)]);

/** A share of the samples in whole percent. */
export const percent = (part: number, count: number) => (count > 0 ? Math.round((part / count) * 100) : 0);
