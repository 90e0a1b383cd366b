import { Alert, Page, Spinner } from '@vox/ui';
import { useHistory } from '../api/podcast';
import { DownloadsSection } from '../downloads/downloads-section';
import { EpisodeRow } from '../shared/episode-row';
import { day } from '../shared/format';
import '../shared/podcast.css';

/** The podcast site's /history: what I listened to, last first, with how far I got, and my downloads. */
export function ListeningHistoryPage() {
  const history = useHistory();
  return (
    <Page>
      <h1 className="vox-pod-heading">Your podcasts</h1>
      <p className="vox-pod-lead">The episodes you listened to, last first. Play one to pick up where you left off, on any device.</p>
      {history.isPending ? (
        <Spinner label="Loading your history" />
      ) : history.isError ? (
        <Alert>{history.error.message}</Alert>
      ) : history.data.entries.length === 0 ? (
        <p className="vox-pod-empty">Nothing yet. Episodes you play will be listed here.</p>
      ) : (
        <ul className="vox-pod-episodes" aria-label="Listening history">
          {history.data.entries.map((entry) => (
            <EpisodeRow key={entry.episode.id} episode={{ ...entry.episode, positionMs: entry.positionMs }} extra={<p className="vox-pod-meta">Last listened {day(entry.listenedAt)}</p>} />
          ))}
        </ul>
      )}
      <DownloadsSection />
    </Page>
  );
}
