import type { MetricsSeries, MetricsTopPage } from '@vox/contract';
import type { MetricsVariant } from '@vox/contract/metrics';

/** One CSV field, quoted when it holds a comma, quote or line break (RFC 4180). */
function field(value: string | number): string {
  const text = String(value);
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

const lines = (rows: Array<Array<string | number>>) => rows.map((row) => row.map(field).join(',')).join('\r\n') + '\r\n';

/** A chart's data: a header row (date and each series), then one row per day. Counts only. */
export function seriesCsv(days: string[], series: MetricsSeries[]): string {
  return lines([['date', ...series.map((s) => s.label)], ...days.map((day, i) => [day, ...series.map((s) => s.values[i] ?? 0)])]);
}

export function pagesCsv(pages: MetricsTopPage[]): string {
  return lines([['page', 'visits', 'previous visits'], ...pages.map((p) => [p.route, p.visits, p.previousVisits])]);
}

/**
 * A download's file name: what it holds, the site filter and the range, so files of several
 * views can sit side by side (visits_school_2026-03-01_2026-03-30.csv, visits_all-sites_…).
 */
export function csvFileName(what: string, view: { variant: MetricsVariant; from: string; to: string }): string {
  return `${what}_${view.variant === 'all' ? 'all-sites' : view.variant}_${view.from}_${view.to}.csv`;
}

/** Starts a download of `text` as `name` (a Blob URL, released right after). */
export function downloadCsv(name: string, text: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
