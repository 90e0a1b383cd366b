import { useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import type { Episode, Playlist } from '@vox/contract';
import { Alert, Button, buttonClassName, MicIcon, Notice, Page, Spinner } from '@vox/ui';
import { href } from '@vox/variant';
import { usePlayer } from '../player/player';
import { toQueueItem } from '../player/queue';
import { useDeletePlaylist, usePlaylist, useUpdatePlaylist } from '../api/podcast';
import { PlaylistDownload } from '../downloads/download-controls';
import { EpisodeRow } from '../shared/episode-row';
import '../shared/podcast.css';

/** /playlist/{playlistId}: an ordered playlist; its owner renames, shares, reorders and removes. */
export function PlaylistPage() {
  const { playlistId = '' } = useParams();
  const playlist = usePlaylist(playlistId);
  if (playlist.isPending) {
    return (
      <Page centered>
        <Spinner label="Loading the playlist" />
      </Page>
    );
  }
  if (playlist.isError) {
    return (
      <Notice
        icon={<MicIcon />}
        eyebrow="Playlist"
        title="Playlist not found"
        actions={
          <Link to={href('home')} className={buttonClassName({ variant: 'primary' })}>
            Browse channels
          </Link>
        }
      >
        <p>{playlist.error.message}</p>
      </Notice>
    );
  }
  return <PlaylistView playlist={playlist.data} />;
}

/** Moves `id` to `to` in `ids`. */
const moved = (ids: string[], id: string, to: number) => {
  const rest = ids.filter((x) => x !== id);
  rest.splice(Math.max(0, Math.min(rest.length, to)), 0, id);
  return rest;
};

function PlaylistView({ playlist }: { playlist: Playlist }) {
  const update = useUpdatePlaylist(playlist.id);
  const remove = useDeletePlaylist(playlist.id);
  const player = usePlayer();
  const navigate = useNavigate();
  const [title, setTitle] = useState(playlist.title);
  const [dragging, setDragging] = useState<string | null>(null);
  const [announce, setAnnounce] = useState('');
  const ids = playlist.episodes.map((e) => e.id);
  const reorder = (next: string[], message: string) => {
    update.mutate({ episodeIds: next });
    setAnnounce(message);
  };
  const move = (episode: Episode, delta: number) => {
    const from = ids.indexOf(episode.id);
    const to = from + delta;
    if (to < 0 || to >= ids.length) return;
    reorder(moved(ids, episode.id, to), `${episode.title} moved to position ${to + 1} of ${ids.length}.`);
  };

  return (
    <Page>
      <p className="vox-pod-eyebrow">Playlist · {playlist.public ? 'Public' : 'Private'}</p>
      <h1 className="vox-pod-heading">{playlist.title}</h1>
      <p className="vox-pod-meta">
        {playlist.episodeCount} {playlist.episodeCount === 1 ? 'episode' : 'episodes'}
      </p>
      <div className="vox-pod-actions">
        {player && playlist.episodes.length > 0 && (
          <Button
            onClick={() => {
              const [first, ...rest] = playlist.episodes;
              player.play(toQueueItem(first));
              for (const e of rest) player.playLast(toQueueItem(e));
            }}
          >
            Play all
          </Button>
        )}
        {player && <PlaylistDownload episodes={playlist.episodes} title={playlist.title} />}
      </div>

      {playlist.isOwner && (
        <details className="vox-pod-panel">
          <summary>Edit playlist</summary>
          <form
            className="vox-pod-inline-form"
            onSubmit={(event) => {
              event.preventDefault();
              update.mutate({ title });
            }}
          >
            <input className="vox-input vox-pod-input" value={title} onChange={(e) => setTitle(e.target.value)} aria-label="Playlist name" maxLength={120} required />
            <button type="submit" className="vox-pod-chip vox-pod-chip--strong">
              Rename
            </button>
          </form>
          <label className="vox-pod-check">
            <input type="checkbox" checked={playlist.public} onChange={(e) => update.mutate({ public: e.target.checked })} /> Public: anyone with the link can listen
          </label>
          <button
            type="button"
            className="vox-pod-chip vox-pod-chip--danger"
            onClick={async () => {
              if (!window.confirm(`Delete the playlist “${playlist.title}”?`)) return;
              await remove.mutateAsync();
              navigate(href('home'));
            }}
          >
            Delete playlist
          </button>
        </details>
      )}
      {update.error && <Alert>{update.error.message}</Alert>}
      <p className="vox-visually-hidden" aria-live="polite">
        {announce}
      </p>

      {playlist.episodes.length === 0 ? (
        <p className="vox-pod-empty">This playlist is empty. Add episodes with “+ Playlist” on any episode.</p>
      ) : (
        <ol className="vox-pod-episodes vox-pod-playlist" aria-label="Playlist episodes">
          {playlist.episodes.map((episode, i) =>
            playlist.isOwner ? (
              <EpisodeRow
                key={episode.id}
                episode={episode}
                itemProps={{
                  className: 'vox-pod-episode vox-pod-draggable',
                  'data-dragging': dragging === episode.id || undefined,
                  draggable: true,
                  onDragStart: (event) => {
                    setDragging(episode.id);
                    event.dataTransfer.effectAllowed = 'move';
                    event.dataTransfer.setData('text/plain', episode.id);
                  },
                  onDragEnd: () => setDragging(null),
                  onDragOver: (event) => event.preventDefault(),
                  onDrop: (event) => {
                    event.preventDefault();
                    const id = event.dataTransfer.getData('text/plain') || dragging;
                    setDragging(null);
                    if (id && id !== episode.id) reorder(moved(ids, id, i), `Moved to position ${i + 1} of ${ids.length}.`);
                  },
                }}
                  extra={
                    <div className="vox-pod-owner-row" role="group" aria-label={`Order of ${episode.title}`}>
                      <span className="vox-pod-handle" aria-hidden="true">
                        ⋮⋮
                      </span>
                      <span className="vox-pod-meta">#{i + 1}</span>
                      <button type="button" className="vox-pod-chip" disabled={i === 0 || update.isPending} onClick={() => move(episode, -1)} aria-label={`Move ${episode.title} up`}>
                        Move up
                      </button>
                      <button type="button" className="vox-pod-chip" disabled={i === ids.length - 1 || update.isPending} onClick={() => move(episode, 1)} aria-label={`Move ${episode.title} down`}>
                        Move down
                      </button>
                      <button
                        type="button"
                        className="vox-pod-chip"
                        onClick={() => reorder(ids.filter((x) => x !== episode.id), `${episode.title} removed.`)}
                        aria-label={`Remove ${episode.title} from the playlist`}
                      >
                        Remove
                      </button>
                    </div>
                  }
              />
            ) : (
              <EpisodeRow key={episode.id} episode={episode} />
            ),
          )}
        </ol>
      )}
    </Page>
  );
}
