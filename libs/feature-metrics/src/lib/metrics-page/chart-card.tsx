import { useId, useState } from 'react';
import type { MetricsChart, MetricsSeries } from '@vox/contract';
import type { MetricsVariant } from '@vox/contract/metrics';
import { Button, lazyComponent } from '@vox/ui';
import { csvFileName, downloadCsv, seriesCsv } from './csv';

// uPlot arrives with the first chart only: nothing of it is in the dashboard's first chunk, nor
// anywhere outside the dashboard.
const UplotChart = lazyComponent(() => import('./uplot-chart'), (m) => m.default, <div className="vox-metrics__chart-placeholder" />);

const SERIES_COLORS = ['#ba58e9', '#1f9d8a'];

const numberFormat = new Intl.NumberFormat('en');

/** "+25%", "−10%", "no change", or "new" when the previous range had none. */
export function changeText(total: number, previous: number): string {
  if (total === previous) return 'no change';
  if (previous === 0) return 'new';
  const percent = Math.round(((total - previous) / previous) * 100);
  return `${percent > 0 ? '+' : '−'}${numberFormat.format(Math.abs(percent))}%`;
}

function Change({ total, previous }: { total: number; previous: number }) {
  const text = changeText(total, previous);
  const trend = total > previous ? 'up' : total < previous ? 'down' : 'flat';
  return (
    <span className={`vox-metrics__change vox-metrics__change--${trend}`}>
      {text}
      <span className="vox-metrics__change-base"> vs {numberFormat.format(previous)} before</span>
    </span>
  );
}

interface ChartCardProps {
  chart: MetricsChart;
  days: string[];
  /** The view the chart shows, for the CSV file's name (csvFileName). */
  view: { variant: MetricsVariant; from: string; to: string };
  /** How the counts are made, where that is not obvious (what makes a visit). */
  explanation?: string;
  /** A newer answer is on the way (another range, site or zone). */
  busy?: boolean;
}

function SeriesTable({ caption, days, series, hidden }: { caption: string; days: string[]; series: MetricsSeries[]; hidden: boolean }) {
  return (
    <div className={hidden ? 'vox-visually-hidden' : 'vox-metrics__table-wrap'}>
      <table className="vox-metrics__table">
        <caption className="vox-visually-hidden">{caption}</caption>
        <thead>
          <tr>
            <th scope="col">Date</th>
            {series.map((s) => (
              <th key={s.key} scope="col">
                {s.label}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {days.map((day, i) => (
            <tr key={day}>
              <th scope="row">{day}</th>
              {series.map((s) => (
                <td key={s.key}>{numberFormat.format(s.values[i] ?? 0)}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** One chart: its totals with the change against the previous range, the chart or its table, CSV. */
export function ChartCard({ chart, days, view, explanation, busy = false }: ChartCardProps) {
  const [asTable, setAsTable] = useState(false);
  const titleId = useId();
  const summary = chart.series.map((s) => `${s.label}: ${numberFormat.format(s.total)} (${changeText(s.total, s.previousTotal)})`).join('; ');
  return (
    <section className="vox-metrics__card" aria-labelledby={titleId} aria-busy={busy} data-chart={chart.id}>
      <div className="vox-metrics__card-head">
        <h2 id={titleId} className="vox-metrics__card-title">
          {chart.title}
        </h2>
        <div className="vox-metrics__card-tools">
          <Button variant="link" size="sm" aria-pressed={asTable} onClick={() => setAsTable((v) => !v)}>
            {asTable ? 'Chart' : 'Table'}
          </Button>
          <Button
            variant="link"
            size="sm"
            aria-label={`Download ${chart.title} as CSV`}
            onClick={() => downloadCsv(csvFileName(chart.id, view), seriesCsv(days, chart.series))}
          >
            CSV
          </Button>
        </div>
      </div>
      <dl className="vox-metrics__totals">
        {chart.series.map((s, i) => (
          <div key={s.key} className="vox-metrics__total">
            <dt className={chart.series.length > 1 ? undefined : 'vox-visually-hidden'}>
              {chart.series.length > 1 && <span className="vox-metrics__swatch" style={{ background: SERIES_COLORS[i % SERIES_COLORS.length] }} aria-hidden="true" />}
              {s.label}
            </dt>
            <dd>
              <span className="vox-metrics__number" data-testid={`total-${chart.id}-${s.key}`}>
                {numberFormat.format(s.total)}
              </span>
              <Change total={s.total} previous={s.previousTotal} />
            </dd>
          </div>
        ))}
      </dl>
      {explanation && <p className="vox-metrics__note">{explanation}</p>}
      {chart.note && <p className="vox-metrics__note">{chart.note}</p>}
      {!asTable && (
        <figure className="vox-metrics__figure" role="img" aria-label={`${chart.title} per day, ${days[0]} to ${days[days.length - 1]}. ${summary}.`}>
          <UplotChart days={days} series={chart.series.map((s, i) => ({ label: s.label, values: s.values, color: SERIES_COLORS[i % SERIES_COLORS.length] }))} />
        </figure>
      )}
      <SeriesTable caption={`${chart.title} per day`} days={days} series={chart.series} hidden={!asTable} />
    </section>
  );
}
