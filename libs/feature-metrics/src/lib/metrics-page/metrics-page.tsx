import { Button, Page } from '@vox/ui';
import './metrics-page.css';

/** The charts the dashboard will draw from the activity log (PRODUCT.md, dashboard variant). */
export const METRICS_CHARTS: readonly { title: string; text: string }[] = [
  { title: 'Daily active users', text: 'Members who did anything on a day.' },
  { title: 'Visits by path', text: 'Which pages people open most.' },
  { title: 'Logins', text: 'Sign-ins per day, by password and by Microsoft.' },
  { title: 'Registrations', text: 'New members per day.' },
  { title: 'Share-link opens', text: 'How often shared scripts are opened.' },
  { title: 'Sessions and takes', text: 'Table reads started and takes recorded.' },
];

/** The dashboard site's page (privilege show_metrics): the charts come in a later issue. */
export function MetricsPage() {
  return (
    <Page>
      <header className="vox-metrics__header">
        <div>
          <h1 className="vox-metrics__title">Metrics</h1>
          <p className="vox-metrics__lead">
            Charts over the activity log are coming soon: pick a date range and export any chart as CSV.
          </p>
        </div>
        <div className="vox-metrics__tools">
          <Button variant="secondary" disabled>
            Date range
          </Button>
          <Button variant="secondary" disabled>
            Export CSV
          </Button>
        </div>
      </header>
      <ul className="vox-metrics__grid">
        {METRICS_CHARTS.map((chart) => (
          <li key={chart.title} className="vox-metrics__card">
            <h2 className="vox-metrics__card-title">{chart.title}</h2>
            <p className="vox-metrics__card-text">{chart.text}</p>
            <div className="vox-metrics__chart" aria-hidden="true" />
          </li>
        ))}
      </ul>
    </Page>
  );
}
