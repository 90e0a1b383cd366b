import { Link } from 'react-router';
import type { Episode } from '@vox/contract';
import { Alert, Button } from '@vox/ui';
import { href } from '@vox/variant';
import { storageLine } from './download-state';
import { useCanDownload, useDownloads } from './use-downloads';
import './downloads.css';

const percent = (fraction: number) => `${Math.round(fraction * 100)}%`;

/** An episode page's download: Download, its progress, then Downloaded with Remove download. */
export function EpisodeDownload({ episode }: { episode: Episode }) {
  const can = useCanDownload();
  const downloads = useDownloads();
  if (!can || downloads.entries === null) return null;
  const entry = downloads.entries.find((e) => e.id === episode.id);
  const progress = downloads.progress[episode.id];
  const error = downloads.errors[episode.id];
  return (
    <div className="vox-pod-download">
      {progress !== undefined ? (
        <DownloadProgress label={`Downloading ${episode.title}`} fraction={progress} text={`Downloading… ${percent(progress)}`} />
      ) : entry ? (
        <>
          <span className="vox-pod-download-state" data-downloaded="">
            Downloaded
          </span>
          <Button variant="secondary" onClick={() => void downloads.remove(entry)}>
            Remove download
          </Button>
        </>
      ) : (
        <Button variant="secondary" onClick={() => void downloads.download(episode)}>
          Download
        </Button>
      )}
      {error && <Alert>{error}</Alert>}
    </div>
  );
}

/** A playlist's download: its episodes one after another, then Downloaded with Remove download. */
export function PlaylistDownload({ episodes, title }: { episodes: Episode[]; title: string }) {
  const can = useCanDownload();
  const downloads = useDownloads();
  if (!can || downloads.entries === null || episodes.length === 0) return null;
  const held = downloads.entries.filter((entry) => episodes.some((e) => e.id === entry.id));
  const busy = episodes.findIndex((e) => downloads.progress[e.id] !== undefined);
  const error = episodes.map((e) => downloads.errors[e.id]).find(Boolean);
  return (
    <div className="vox-pod-download">
      {busy >= 0 ? (
        <DownloadProgress
          label={`Downloading ${title}`}
          fraction={(busy + downloads.progress[episodes[busy].id]) / episodes.length}
          text={`Downloading ${busy + 1} of ${episodes.length}… ${percent(downloads.progress[episodes[busy].id])}`}
        />
      ) : held.length === episodes.length ? (
        <>
          <span className="vox-pod-download-state" data-downloaded="">
            Downloaded
          </span>
          <Button variant="secondary" onClick={() => void Promise.all(held.map((entry) => downloads.remove(entry)))}>
            Remove download
          </Button>
        </>
      ) : (
        <Button variant="secondary" onClick={() => void downloads.downloadAll(episodes)}>
          Download
        </Button>
      )}
      {error && <Alert>{error}</Alert>}
    </div>
  );
}

function DownloadProgress({ label, fraction, text }: { label: string; fraction: number; text: string }) {
  return (
    <span className="vox-pod-download-progress">
      <progress max={1} value={fraction} aria-label={label} />
      <span role="status">{text}</span>
    </span>
  );
}

/** The downloads' place (the library page): what is kept, the storage it uses, and removing it. */
export function DownloadsSection() {
  const can = useCanDownload();
  const downloads = useDownloads();
  if (!can) return null;
  const entries = downloads.entries ?? [];
  return (
    <section className="vox-pod-section" aria-labelledby="vox-pod-downloads">
      <h2 id="vox-pod-downloads" className="vox-pod-section-title">
        Downloads
      </h2>
      {downloads.entries === null ? null : entries.length === 0 ? (
        <p className="vox-pod-empty">No downloads. Download an episode to listen without a connection.</p>
      ) : (
        <>
          <p className="vox-pod-meta" data-testid="downloads-storage">
            {storageLine(entries)}
          </p>
          <ul className="vox-pod-download-list" aria-label="Downloaded episodes">
            {entries.map((entry) => (
              <li key={entry.id}>
                <span>
                  <Link to={href('episode', { linkId: entry.id })}>{entry.title}</Link>
                  <span className="vox-pod-meta"> · {entry.channelTitle}</span>
                </span>
                <button type="button" className="vox-pod-chip" aria-label={`Remove download: ${entry.title}`} onClick={() => void downloads.remove(entry)}>
                  Remove download
                </button>
              </li>
            ))}
          </ul>
          <Button variant="secondary" onClick={() => void downloads.clear()}>
            Remove all downloads
          </Button>
        </>
      )}
    </section>
  );
}
