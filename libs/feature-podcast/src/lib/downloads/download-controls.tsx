import type { Episode } from '@vox/contract';
import { Alert, Button } from '@vox/ui';
import { canDownload } from './downloads-store';
import { useDownloads } from './use-downloads';
import './downloads.css';

const percent = (fraction: number) => `${Math.round(fraction * 100)}%`;

/** An episode page's download: Download, its progress, then Downloaded with Remove download. */
export function EpisodeDownload({ episode }: { episode: Episode }) {
  const downloads = useDownloads();
  if (!canDownload() || downloads.entries === null) return null;
  const entry = downloads.entries.find((e) => e.id === episode.id);
  const progress = downloads.progress[episode.id];
  const error = downloads.errors[episode.id];
  return (
    <div className="vox-pod-download">
      {progress !== undefined ? (
        <DownloadProgress label={`Downloading ${episode.title}`} fraction={progress} text={`Downloading… ${percent(progress)}`} />
      ) : entry ? (
        <Downloaded onRemove={() => void downloads.remove(entry)} />
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
  const downloads = useDownloads();
  if (!canDownload() || downloads.entries === null || episodes.length === 0) return null;
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
        <Downloaded onRemove={() => void Promise.all(held.map((entry) => downloads.remove(entry)))} />
      ) : (
        <Button variant="secondary" onClick={() => void downloads.downloadAll(episodes)}>
          Download
        </Button>
      )}
      {error && <Alert>{error}</Alert>}
    </div>
  );
}

/** The state of a download kept on this device, with the way to remove it. */
function Downloaded({ onRemove }: { onRemove: () => void }) {
  return (
    <>
      <span className="vox-pod-download-state" data-downloaded="">
        Downloaded
      </span>
      <Button variant="secondary" onClick={onRemove}>
        Remove download
      </Button>
    </>
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
