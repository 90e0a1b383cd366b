import { useId, type ReactNode } from 'react';
import { useSearchParams } from 'react-router';
import { Alert, Page, Spinner } from '@vox/ui';
import type { VitalMetric, VitalsQuery, VitalSummary, VitalsSite } from '@vox/contract';
import { VITAL_METRICS, VITAL_THRESHOLDS, VITALS_SITES } from '@vox/contract/vitals';
import { useRemoteFailures, useVitals } from '../api/vitals';
import { StaffPageHead } from '../staff-pages/staff-nav';
import { formatVital, percent, ratingOf } from './vitals-format';
import '@vox/ui/page-kit';
import '../staff-pages/staff-pages.css';
import './vitals-page.css';

export const VITALS_TEXTS = {
  title: 'Web vitals',
  lead: 'How fast pages load and respond for real visitors: the 75th percentile (p75) of each metric over the last 28 days, and the share of page views rated good, needs improvement or poor by the Core Web Vitals thresholds.',
  none: 'No page view has reported its vitals in this range yet.',
  compareTitle: 'Compare two remote versions',
  compareLead: 'Pick two versions of one remote to see their p75 and shares side by side.',
  compareNone: 'Pick two versions of the same remote.',
  groupsTitle: 'By site, route and remote version',
  failuresTitle: 'Remote load failures',
  failuresLead: 'Released remote versions that failed to load in visitors’ browsers over the last 28 days (their entry or code did not arrive), and the fallback the page turned to instead.',
  failuresNone: 'No remote has failed to load in this range.',
} as const;

const SITE_NAMES: Record<VitalsSite, string> = { main: 'Main', school: 'School', podcast: 'Podcast', dashboard: 'Dashboard' };
const thresholdText = (metric: VitalMetric) => `good up to ${formatVital(metric, VITAL_THRESHOLDS[metric][0])}, poor over ${formatVital(metric, VITAL_THRESHOLDS[metric][1])}`;

function Select({ label, value, onChange, children }: { label: string; value: string; onChange: (value: string) => void; children: ReactNode }) {
  const id = useId();
  return (
    <label className="vox-staff__filter" htmlFor={id}>
      <span>{label}</span>
      <select id={id} value={value} onChange={(e) => onChange(e.target.value)}>
        {children}
      </select>
    </label>
  );
}

/** Good / needs improvement / poor as a bar and in words. */
function Shares({ row }: { row: Pick<VitalSummary, 'count' | 'good' | 'needsImprovement' | 'poor'> }) {
  const good = percent(row.good, row.count);
  const ni = percent(row.needsImprovement, row.count);
  const poor = percent(row.poor, row.count);
  return (
    <div className="vox-vitals__shares">
      <div className="vox-vitals__bar" aria-hidden="true">
        <span className="vox-vitals__bar-good" style={{ width: `${good}%` }} />
        <span className="vox-vitals__bar-ni" style={{ width: `${ni}%` }} />
        <span className="vox-vitals__bar-poor" style={{ width: `${poor}%` }} />
      </div>
      <span className="vox-staff__meta">
        {good}% good · {ni}% needs improvement · {poor}% poor
      </span>
    </div>
  );
}

/** p75 per day as a small line; the days without samples leave gaps. */
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

/** Two versions of one remote side by side. */
function Comparison({ base, versions }: { base: VitalsQuery; versions: Array<{ remote: string; version: string }> }) {
  const [search, setSearch] = useSearchParams();
  const a = search.get('a') ?? '';
  const b = search.get('b') ?? '';
  const parse = (key: string) => {
    const [remote, version] = key.split(' ');
    return version ? { remote, version } : null;
  };
  const left = parse(a);
  const right = parse(b);
  const same = left && right && left.remote === right.remote;
  const queryA = useVitals({ ...base, route: undefined, remote: left?.remote, version: left?.version }, !!same);
  const queryB = useVitals({ ...base, route: undefined, remote: right?.remote, version: right?.version }, !!same);
  const set = (key: 'a' | 'b', value: string) =>
    setSearch(
      (current) => {
        const next = new URLSearchParams(current);
        if (value) next.set(key, value);
        else next.delete(key);
        return next;
      },
      { replace: true },
    );
  const options = versions.map((v) => (
    <option key={`${v.remote} ${v.version}`} value={`${v.remote} ${v.version}`}>
      {v.remote} {v.version}
    </option>
  ));
  return (
    <section className="vox-stack" aria-labelledby="vox-vitals-compare">
      <h2 id="vox-vitals-compare" className="vox-vitals__section-title">
        {VITALS_TEXTS.compareTitle}
      </h2>
      <p className="vox-staff__meta">{VITALS_TEXTS.compareLead}</p>
      <div className="vox-toolbar">
        <Select label="Version A" value={a} onChange={(v) => set('a', v)}>
          <option value="">Choose a version</option>
          {options}
        </Select>
        <Select label="Version B" value={b} onChange={(v) => set('b', v)}>
          <option value="">Choose a version</option>
          {options}
        </Select>
      </div>
      {!same ? (
        <p>{VITALS_TEXTS.compareNone}</p>
      ) : queryA.isError || queryB.isError ? (
        <Alert>{(queryA.error ?? queryB.error)?.message}</Alert>
      ) : !queryA.data || !queryB.data || queryA.isPlaceholderData || queryB.isPlaceholderData ? (
        <Spinner label="Loading the comparison" />
      ) : (
        <div className="vox-vitals__scroll" tabIndex={0} role="region" aria-label={VITALS_TEXTS.compareTitle}>
          <table className="vox-vitals__table">
            <caption className="vox-vitals__caption">
              {left.remote} {left.version} and {right.version}
            </caption>
            <thead>
              <tr>
                <th scope="col">Metric</th>
                <th scope="col">{left.version}</th>
                <th scope="col">{right.version}</th>
              </tr>
            </thead>
            <tbody>
              {VITAL_METRICS.map((metric, i) => {
                const one = queryA.data.metrics[i];
                const two = queryB.data.metrics[i];
                return (
                  <tr key={metric}>
                    <th scope="row">{metric}</th>
                    {[one, two].map((m, side) => (
                      <td key={side}>
                        <strong>p75 {formatVital(metric, m.p75)}</strong>
                        <br />
                        <span className="vox-staff__meta">
                          {percent(m.good, m.count)}% good · {percent(m.needsImprovement, m.count)}% needs improvement · {percent(m.poor, m.count)}% poor · {m.count}{' '}
                          {m.count === 1 ? 'sample' : 'samples'}
                        </span>
                      </td>
                    ))}
                  </tr>
                );
              })}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}

/** Load failures per remote version (GET /api/vitals/remote-failures): what a release did to visitors beyond its vitals. */
function LoadFailures() {
  const failures = useRemoteFailures();
  return (
    <section className="vox-stack" aria-labelledby="vox-vitals-failures">
      <h2 id="vox-vitals-failures" className="vox-vitals__section-title">
        {VITALS_TEXTS.failuresTitle}
      </h2>
      <p className="vox-staff__meta">{VITALS_TEXTS.failuresLead}</p>
      {failures.isPending ? (
        <Spinner label="Loading the load failures" />
      ) : failures.isError ? (
        <Alert>{failures.error.message}</Alert>
      ) : failures.data.groups.length === 0 ? (
        <p className="vox-empty">{VITALS_TEXTS.failuresNone}</p>
      ) : (
        <div className="vox-vitals__scroll" tabIndex={0} role="region" aria-labelledby="vox-vitals-failures">
          <table className="vox-vitals__table">
            <caption className="vox-vitals__caption">{VITALS_TEXTS.failuresTitle}</caption>
            <thead>
              <tr>
                <th scope="col">Remote version</th>
                <th scope="col">Fallback</th>
                <th scope="col">Failures</th>
                <th scope="col">Saved by the fallback</th>
                <th scope="col">Last</th>
                <th scope="col">Last error</th>
              </tr>
            </thead>
            <tbody>
              {failures.data.groups.map((g) => (
                <tr key={`${g.remote} ${g.version} ${g.fallbackVersion}`}>
                  <td>
                    {g.remote} {g.version}
                  </td>
                  <td>{g.fallbackVersion}</td>
                  <td>{g.count}</td>
                  <td>{g.recovered}</td>
                  <td>{g.lastAt.slice(0, 16).replace('T', ' ')} UTC</td>
                  <td>{g.lastReason}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
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
          <Comparison base={base} versions={vitals.data.versions} />
        </div>
      )}
      <LoadFailures />
    </Page>
  );
}
