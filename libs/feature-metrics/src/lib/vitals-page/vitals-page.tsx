import { useSearchParams } from 'react-router';
import { Alert, Page, Spinner } from '@vox/ui';
import type { VitalMetric, VitalsQuery, VitalSummary, VitalsSite } from '@vox/contract';
import { VITAL_THRESHOLDS, VITALS_SITES } from '@vox/contract/vitals';
import { useVitals } from '../api/vitals';
import { StaffPageHead } from '../staff-pages/staff-nav';
import { LoadFailures } from './load-failures';
import { VersionComparison } from './version-comparison';
import { formatVital, percent, ratingOf } from './vitals-format';
import { Select, Shares } from './vitals-parts';
import { VITALS_TEXTS } from './vitals-texts';
import '@vox/ui/page-kit';
import '../staff-pages/staff-pages.css';
import './vitals-page.css';

const SITE_NAMES: Record<VitalsSite, string> = { main: 'Main', school: 'School', podcast: 'Podcast', dashboard: 'Dashboard' };
const thresholdText = (metric: VitalMetric) => `good up to ${formatVital(metric, VITAL_THRESHOLDS[metric][0])}, poor over ${formatVital(metric, VITAL_THRESHOLDS[metric][1])}`;

function Trend({ metric, daily, days }: { metric: VitalMetric; daily: Array<number | null>; days: string[] }) {
  const values = daily.filter((v): v is number => v !== null);
  if (values.length === 0) return null;
  const max = Math.max(...values, VITAL_THRESHOLDS[metric][0]);
  const x = (i: number) => (days.length > 1 ? (i / (days.length - 1)) * 100 : 50);
  const y = (v: number) => 30 - (v / max) * 28;
  const points = daily.map((v, i) => (v === null ? null : `${x(i).toFixed(1)},${y(v).toFixed(1)}`)).filter(Boolean);
  const last = [...daily].reverse().find((v) => v !== null) ?? null;
  return (
    <svg className="vox-vitals__trend" viewBox="0 0 100 32" preserveAspectRatio="none" role="img" aria-label={`${metric} p75 per day, ${days[0]} to ${days[days.length - 1]}; last ${formatVital(metric, last)}`}>
      <line x1="0" x2="100" y1={y(VITAL_THRESHOLDS[metric][0])} y2={y(VITAL_THRESHOLDS[metric][0])} className="vox-vitals__trend-good" />
      <polyline points={points.join(' ')} className="vox-vitals__trend-line" />
    </svg>
  );
}

function MetricCard({ summary, days }: { summary: VitalSummary; days: string[] }) {
  const rating = ratingOf(summary.metric, summary.p75);
  return (
    <li className="vox-card vox-vitals__metric" aria-label={summary.metric}>
      <h2 className="vox-staff__item-head vox-vitals__metric-head">
        <span>{summary.metric}</span>
        <span className="vox-vitals__p75">
          p75 {formatVital(summary.metric, summary.p75)}
          {rating && <span className={`vox-vitals__rating vox-vitals__rating--${rating === 'Good' ? 'good' : rating === 'Poor' ? 'poor' : 'ni'}`}>{rating}</span>}
        </span>
      </h2>
      <Shares row={summary} />
      <Trend metric={summary.metric} daily={summary.daily} days={days} />
      <p className="vox-staff__meta">
        {summary.count} {summary.count === 1 ? 'sample' : 'samples'}; {thresholdText(summary.metric)}
      </p>
    </li>
  );
}

/** Staff: real-user web vitals (GET /api/vitals) and remote load failures; the filters live in the URL. */
export default function VitalsPage() {
  const [search, setSearch] = useSearchParams();
  const site = VITALS_SITES.find((s) => s === search.get('site'));
  const route = search.get('route') ?? undefined;
  const base: VitalsQuery = { ...(site && { site }) };
  const vitals = useVitals({ ...base, ...(route && { route }) });
  const setFilter = (key: 'site' | 'route', value: string) =>
    setSearch(
      (current) => {
        const next = new URLSearchParams(current);
        if (value) next.set(key, value);
        else next.delete(key);
        if (key === 'site') next.delete('route');
        return next;
      },
      { replace: true },
    );
  const routes = vitals.data ? [...new Set(vitals.data.groups.map((g) => g.route))].sort() : [];
  return (
    <Page width="wide" className="vox-staff vox-vitals">
      <StaffPageHead title={VITALS_TEXTS.title} lead={VITALS_TEXTS.lead}>
        <div className="vox-toolbar">
          <Select label="Site" value={site ?? ''} onChange={(v) => setFilter('site', v)}>
            <option value="">All sites</option>
            {VITALS_SITES.map((s) => (
              <option key={s} value={s}>
                {SITE_NAMES[s]}
              </option>
            ))}
          </Select>
          <Select label="Route" value={route ?? ''} onChange={(v) => setFilter('route', v)}>
            <option value="">All routes</option>
            {[...new Set([...routes, ...(route ? [route] : [])])].map((r) => (
              <option key={r} value={r}>
                {r}
              </option>
            ))}
          </Select>
        </div>
      </StaffPageHead>
      {vitals.isPending ? (
        <Spinner label="Loading web vitals" />
      ) : vitals.isError ? (
        <Alert>{vitals.error.message}</Alert>
      ) : vitals.data.metrics.every((m) => m.count === 0) ? (
        <p className="vox-empty">{VITALS_TEXTS.none}</p>
      ) : (
        <div className="vox-stack">
          <ul className="vox-vitals__metrics" aria-label="p75 per metric">
            {vitals.data.metrics.map((m) => (
              <MetricCard key={m.metric} summary={m} days={vitals.data.days} />
            ))}
          </ul>
          <section className="vox-stack" aria-labelledby="vox-vitals-groups">
            <h2 id="vox-vitals-groups" className="vox-vitals__section-title">
              {VITALS_TEXTS.groupsTitle}
            </h2>
            {/* Focusable, so a keyboard can scroll the table where it is wider than a phone. */}
            <div className="vox-vitals__scroll" tabIndex={0} role="region" aria-labelledby="vox-vitals-groups">
              <table className="vox-vitals__table">
                <thead>
                  <tr>
                    <th scope="col">Site</th>
                    <th scope="col">Route</th>
                    <th scope="col">Remote version</th>
                    <th scope="col">Metric</th>
                    <th scope="col">p75</th>
                    <th scope="col">Good / needs improvement / poor</th>
                    <th scope="col">Samples</th>
                  </tr>
                </thead>
                <tbody>
                  {vitals.data.groups.map((g) => (
                    <tr key={`${g.site} ${g.route} ${g.remote} ${g.version} ${g.metric}`}>
                      <td>{SITE_NAMES[g.site]}</td>
                      <td>{g.route}</td>
                      <td>
                        {g.remote} {g.version}
                      </td>
                      <td>{g.metric}</td>
                      <td>{formatVital(g.metric, g.p75)}</td>
                      <td>
                        {percent(g.good, g.count)}% / {percent(g.needsImprovement, g.count)}% / {percent(g.poor, g.count)}%
                      </td>
                      <td>{g.count}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </section>
          <VersionComparison base={base} versions={vitals.data.versions} />
        </div>
      )}
      <LoadFailures />
    </Page>
  );
}
