import { useState, type LiHTMLAttributes, type ReactNode } from 'react';
import { Link } from 'react-router';
import { useUser } from '@vox/auth';
import type { Episode } from '@vox/contract';
import { HeartIcon } from '@vox/ui';
import { href } from '@vox/variant';
import { usePlayer } from '../player/player';
import { toQueueItem } from '../player/queue';
import { useAddToPlaylist, useCreatePlaylist, useFavorite, useMyPlaylists } from '../api/podcast';
import { day, duration } from './format';

/** One episode in a list: play, queue next or last, favourite, add to a playlist. */
export function EpisodeRow({
  episode,
  showChannel = true,
  extra,
  itemProps,
}: {
  episode: Episode;
  showChannel?: boolean;
  extra?: ReactNode;
  /** On the list item itself (a playlist's drag and drop). */
  itemProps?: LiHTMLAttributes<HTMLLIElement> & Record<`data-${string}`, unknown>;
}) {
  const player = usePlayer();
  const user = useUser();
  const favorite = useFavorite(episode.id);
  const playingThis = player?.state.current?.id === episode.id;
  const progress = episode.positionMs && episode.durationMs ? Math.min(100, Math.round((episode.positionMs / episode.durationMs) * 100)) : 0;

  return (
    <li className="vox-pod-episode" data-episode={episode.id} {...itemProps}>
      <div className="vox-pod-episode-main">
        <h3 className="vox-pod-episode-title">
          <Link to={href('episode', { linkId: episode.id })}>{episode.title}</Link>
        </h3>
        <p className="vox-pod-meta">
          {showChannel && (
            <>
              <Link to={href('channel', { channelId: episode.channelId })}>{episode.channelTitle}</Link>
              {' · '}
            </>
          )}
          {episode.season !== null && `S${episode.season} `}
          {episode.episode !== null && `E${episode.episode} · `}
          {episode.publishedAt ? day(episode.publishedAt) : episode.status === 'scheduled' ? `Scheduled for ${day(episode.publishAt)}` : 'Draft'}
          {' · '}
          {duration(episode.durationMs)}
        </p>
        {progress > 0 && (
          <div className="vox-pod-progress" role="progressbar" aria-label={`Listened to ${progress}%`} aria-valuenow={progress} aria-valuemin={0} aria-valuemax={100}>
            <span style={{ width: `${progress}%` }} />
          </div>
        )}
        {extra}
      </div>
      {player && (
        <div className="vox-pod-episode-actions">
          <button type="button" className="vox-pod-play" onClick={() => (playingThis ? player.toggle() : player.play(toQueueItem(episode)))} aria-label={`${playingThis && player.playing ? 'Pause' : 'Play'} ${episode.title}`}>
            {playingThis && player.playing ? 'Pause' : 'Play'}
          </button>
          <button type="button" className="vox-pod-chip" onClick={() => player.playNext(toQueueItem(episode))} aria-label={`Play ${episode.title} next`}>
            Play next
          </button>
          <button type="button" className="vox-pod-chip" onClick={() => player.playLast(toQueueItem(episode))} aria-label={`Play ${episode.title} last`}>
            Play last
          </button>
          {user && (
            <button
              type="button"
              className="vox-pod-chip vox-pod-fav"
              aria-pressed={episode.favorite}
              aria-label={episode.favorite ? `Remove ${episode.title} from favorites` : `Add ${episode.title} to favorites`}
              disabled={favorite.isPending}
              onClick={() => favorite.mutate(!episode.favorite)}
            >
              <HeartIcon width={16} height={16} /> {episode.favorite ? 'Favorited' : 'Favorite'}
            </button>
          )}
          {user && <AddToPlaylist episode={episode} />}
        </div>
      )}
    </li>
  );
}

function AddToPlaylist({ episode }: { episode: Episode }) {
  const [open, setOpen] = useState(false);
  const playlists = useMyPlaylists();
  const add = useAddToPlaylist();
  const create = useCreatePlaylist();
  const [title, setTitle] = useState('');
  const [done, setDone] = useState<string | null>(null);
  if (!open) {
    return (
      <button type="button" className="vox-pod-chip" onClick={() => setOpen(true)} aria-label={`Add ${episode.title} to a playlist`}>
        + Playlist
      </button>
    );
  }
  const addTo = async (playlistId: string, name: string) => {
    try {
      await add.mutateAsync({ playlistId, episodeId: episode.id });
      setDone(`Added to ${name}.`);
    } catch (err) {
      setDone(err instanceof Error ? err.message : 'Could not add it.');
    }
  };
  return (
    <div className="vox-pod-addlist" role="group" aria-label={`Add ${episode.title} to a playlist`}>
      {(playlists.data?.playlists ?? []).map((p) => (
        <button key={p.id} type="button" className="vox-pod-chip" onClick={() => void addTo(p.id, p.title)}>
          {p.title}
        </button>
      ))}
      <form
        className="vox-pod-inline-form"
        onSubmit={async (event) => {
          event.preventDefault();
          if (!title.trim()) return;
          try {
            const playlist = await create.mutateAsync(title);
            setTitle('');
            await addTo(playlist.id, playlist.title);
          } catch (err) {
            setDone(err instanceof Error ? err.message : 'Could not make the playlist.');
          }
        }}
      >
        <input className="vox-input vox-pod-input" value={title} onChange={(e) => setTitle(e.target.value)} placeholder="New playlist" aria-label="New playlist name" maxLength={120} />
        <button type="submit" className="vox-pod-chip">
          Create and add
        </button>
      </form>
      <button type="button" className="vox-pod-chip" onClick={() => setOpen(false)}>
        Close
      </button>
      {done && (
        <p role="status" className="vox-pod-status">
          {done}
        </p>
      )}
    </div>
  );
}
