import { useId } from 'react';
import { VISIT_RULE_TEXT, type MetricsTopPage, type MetricsVariant } from '@vox/contract/metrics';
import { Button } from '@vox/ui';
import { changeText } from './chart-card';
import { csvFileName, downloadCsv, pagesCsv } from './csv';

const numberFormat = new Intl.NumberFormat('en');

/** Visits by page (route pattern), most visited first, with a bar for each page's share. */
export function TopPagesCard({ pages, view, busy = false }: { pages: MetricsTopPage[]; view: { variant: MetricsVariant; from: string; to: string }; busy?: boolean }) {
  const titleId = useId();
  const most = Math.max(1, ...pages.map((p) => p.visits));
  return (
    <section className="vox-metrics__card vox-metrics__card--wide" aria-labelledby={titleId} aria-busy={busy} data-chart="topPages">
      <div className="vox-metrics__card-head">
        <h2 id={titleId} className="vox-metrics__card-title">
          Visits by page
        </h2>
        <div className="vox-metrics__card-tools">
          <Button variant="link" size="sm" aria-label="Download Visits by page as CSV" onClick={() => downloadCsv(csvFileName('pages', view), pagesCsv(pages))}>
            CSV
          </Button>
        </div>
      </div>
      <p className="vox-metrics__note">{VISIT_RULE_TEXT}</p>
      {pages.length === 0 ? (
        <p className="vox-metrics__note">No visits in this range.</p>
      ) : (
        <table className="vox-metrics__pages">
          <caption className="vox-visually-hidden">Visits by page, most visited first</caption>
          <thead>
            <tr>
              <th scope="col">Page</th>
              <th scope="col">Visits</th>
              <th scope="col">Change</th>
            </tr>
          </thead>
          <tbody>
            {pages.map((page) => (
              <tr key={page.route}>
                <th scope="row">
                  <span className="vox-metrics__bar" style={{ width: `${(page.visits / most) * 100}%` }} aria-hidden="true" />
                  <code>{page.route}</code>
                </th>
                <td>{numberFormat.format(page.visits)}</td>
                <td>{changeText(page.visits, page.previousVisits)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
