import { Link } from 'react-router';
import { Button } from '@vox/ui';
import { href } from '@vox/variant';
import { storageLine } from './download-state';
import { canDownload, useDownloadList } from './downloads-store';
import './downloads.css';

/** The downloads' place (the library page): what is kept, the storage it uses, and removing it. */
export function DownloadsSection() {
  const downloads = useDownloadList();
  if (!canDownload()) return null;
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
