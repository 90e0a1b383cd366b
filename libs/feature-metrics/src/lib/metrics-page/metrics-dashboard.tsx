import { useId, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import type { UseQueryResult } from '@tanstack/react-query';
import type { MetricsAnswer } from '@vox/contract';
import { METRICS_MAX_DAYS, type MetricsPart, type MetricsVariant, VISIT_RULE_TEXT } from '@vox/contract/metrics';
import { Alert, Button, Page, Spinner } from '@vox/ui';
import { useMetricsPart } from '../api/metrics';
import { StaffPageHead } from '../staff-pages/staff-nav';
import { ChartCard } from './chart-card';
import { METRICS_CHARTS } from './metrics-charts';
import { TopPagesCard } from './top-pages-card';
import { addDays, daysBetween, RANGE_PRESETS, readView, timeZones, viewSearch, type MetricsView, type RangePreset } from './metrics-state';
import './metrics-page.css';

const VARIANT_NAMES: Record<MetricsVariant, string> = {
  all: 'All sites',
  main: 'Main site',
  school: 'School',
  podcast: 'Podcast',
  dashboard: 'Dashboard',
};

const dateFormat = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'short', year: 'numeric', timeZone: 'UTC' });

function rangeText(from: string, to: string): string {
  const f = dateFormat;
  return `${f.format(new Date(`${from}T00:00:00Z`))} – ${f.format(new Date(`${to}T00:00:00Z`))}`;
}

/** A chart's place while its answer is on the way, or the reason it did not come. */
function PendingCard({ title, query, wide }: { title: string; query: UseQueryResult<MetricsAnswer>; wide: boolean }) {
  const titleId = useId();
  return (
    <section className={wide ? 'vox-metrics__card vox-metrics__card--wide' : 'vox-metrics__card'} aria-labelledby={titleId} aria-busy={!query.isError}>
      <div className="vox-metrics__card-head">
        <h2 id={titleId} className="vox-metrics__card-title">
          {title}
        </h2>
      </div>
      {query.isError ? (
        <Alert>{query.error.message}</Alert>
      ) : (
        <div className="vox-metrics__loading">
          <Spinner size="md" label={`Loading ${title}`} />
        </div>
      )}
    </section>
  );
}

function PartCard({ part, title, view }: { part: MetricsPart; title: string; view: MetricsView }) {
  const query = useMetricsPart(view, part);
  const data = query.data;
  if (!data || query.isError) return <PendingCard title={title} query={query} wide={part === 'topPages'} />;
  if (part === 'topPages') return <TopPagesCard pages={data.topPages} view={view} busy={query.isFetching} />;
  const chart = data.charts[0];
  if (!chart) return <PendingCard title={title} query={query} wide={false} />;
  return <ChartCard chart={chart} days={data.days} view={view} explanation={part === 'visits' ? VISIT_RULE_TEXT : undefined} busy={query.isFetching} />;
}

/** Custom range: two dates, applied together. */
function CustomRange({ view, onApply }: { view: MetricsView; onApply: (from: string, to: string) => void }) {
  const [from, setFrom] = useState(view.from);
  const [to, setTo] = useState(view.to);
  const problem = !from || !to ? 'Pick both dates.' : from > to ? 'The start must be on or before the end.' : daysBetween(from, to) > METRICS_MAX_DAYS ? `At most ${METRICS_MAX_DAYS} days.` : null;
  return (
    <form
      className="vox-metrics__custom"
      onSubmit={(event) => {
        event.preventDefault();
        if (!problem) onApply(from, to);
      }}
    >
      <label className="vox-metrics__field">
        <span>From</span>
        <input className="vox-input" type="date" value={from} max={to || undefined} onChange={(e) => setFrom(e.target.value)} required />
      </label>
      <label className="vox-metrics__field">
        <span>To</span>
        <input className="vox-input" type="date" value={to} min={from || undefined} onChange={(e) => setTo(e.target.value)} required />
      </label>
      <Button type="submit" size="sm" disabled={!!problem}>
        Apply
      </Button>
      {problem && from && to && <span className="vox-metrics__problem">{problem}</span>}
    </form>
  );
}

/**
 * The dashboard site's page (privilege show_metrics): charts over the activity log and the
 * product's tables, for a range of days counted in a chosen time zone, on one site or all. The
 * view lives in the URL (range, dates, tz, variant), so a link shows the same view.
 */
export default function MetricsDashboard() {
  const [params, setParams] = useSearchParams();
  const view = useMemo(() => readView(params), [params]);
  const [customOpen, setCustomOpen] = useState(view.range === 'custom');
  const zones = useMemo(() => timeZones(view.tz), [view.tz]);
  const variantId = useId();
  const zoneId = useId();

  const go = (next: Partial<MetricsView>) => setParams(viewSearch({ ...view, ...next }));
  const pickPreset = (range: RangePreset) => {
    setCustomOpen(false);
    go({ range });
  };

  return (
    <Page width="wide" className="vox-metrics">
      <StaffPageHead title="Metrics" lead={`${rangeText(view.from, view.to)} · days in ${view.tz} · compared with the ${daysBetween(view.from, view.to)} days before`} />

      <div className="vox-metrics__controls" role="group" aria-label="What to show">
        <div className="vox-metrics__presets" role="group" aria-label="Date range">
          {RANGE_PRESETS.map((days) => (
            <button key={days} type="button" className="vox-plain-button vox-metrics__preset" aria-pressed={view.range === days && !customOpen} onClick={() => pickPreset(days)}>
              {days} days
            </button>
          ))}
          <button type="button" className="vox-plain-button vox-metrics__preset" aria-pressed={view.range === 'custom' || customOpen} onClick={() => setCustomOpen(true)}>
            Custom
          </button>
        </div>
        <label className="vox-metrics__field" htmlFor={variantId}>
          <span>Site</span>
          <select className="vox-input" id={variantId} value={view.variant} onChange={(e) => go({ variant: e.target.value as MetricsVariant })}>
            {Object.entries(VARIANT_NAMES).map(([value, name]) => (
              <option key={value} value={value}>
                {name}
              </option>
            ))}
          </select>
        </label>
        <label className="vox-metrics__field" htmlFor={zoneId}>
          <span>Time zone</span>
          <select className="vox-input" id={zoneId} value={view.tz} onChange={(e) => go({ tz: e.target.value })}>
            {zones.map((zone) => (
              <option key={zone} value={zone}>
                {zone.replace(/_/g, ' ')}
              </option>
            ))}
          </select>
        </label>
      </div>
      {customOpen && (
        <CustomRange
          key={`${view.from}-${view.to}`}
          view={view.range === 'custom' ? view : { ...view, from: addDays(view.to, -29) }}
          onApply={(from, to) => go({ range: 'custom', from, to })}
        />
      )}

      <div className="vox-metrics__grid">
        {METRICS_CHARTS.map(({ id, title }) => (
          <PartCard key={id} part={id} title={title} view={view} />
        ))}
      </div>
    </Page>
  );
}
