import { useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { useUser } from '@vox/auth';
import type { SharedEpisode } from '@vox/contract';
import { Alert, Button, buttonClassName, MicIcon, Notice, Page, Spinner } from '@vox/ui';
import { href } from '@vox/variant';
import { usePlayer } from '../player/player';
import { clock, toQueueItem } from '../player/queue';
import { useCreateShareLink, useFavorite, useRevokeShareLink, useShareLinks, useSharedEpisode } from '../api/podcast';
import { EpisodeDownload } from '../downloads/download-controls';
import { ChannelCover } from '../shared/channel-card';
import { day, duration, parseVtt } from '../shared/format';
import '../shared/podcast.css';

/**
 * /podcast-ep/{linkId}: one episode, full screen, for anyone: a share link (optionally from a
 * time, ?t= or the link's own), or an episode's own id (what the feed links to). On the podcast
 * site it plays in the persistent player; on the main site, in its own audio element.
 */
export function EpisodePage() {
  const { linkId = '' } = useParams();
  const shared = useSharedEpisode(linkId);
  if (shared.isPending) {
    return (
      <Page centered>
        <Spinner label="Loading the episode" />
      </Page>
    );
  }
  if (shared.isError) {
    return (
      <Notice
        icon={<MicIcon />}
        eyebrow="Episode"
        title="Episode not found"
        data={{ 'data-link': linkId }}
        actions={
          <Link to={href('home')} className={buttonClassName({ variant: 'primary', size: 'lg' })}>
            Browse channels
          </Link>
        }
      >
        <p>{shared.error.message}</p>
      </Notice>
    );
  }
  return <Episode data={shared.data} />;
}

function Episode({ data }: { data: SharedEpisode }) {
  const { episode, channel, isOwner, transcript } = data;
  const [search] = useSearchParams();
  const t = Number(search.get('t'));
  const startSeconds = Number.isFinite(t) && t > 0 ? t : (data.startSeconds ?? null);
  const player = usePlayer();
  const user = useUser();
  const favorite = useFavorite(episode.id);
  const cues = transcript ? parseVtt(transcript) : [];
  const startMs = startSeconds !== null ? startSeconds * 1000 : undefined;
  const playingThis = player?.state.current?.id === episode.id;

  return (
    <Page width="narrow">
      <article className="vox-pod-episode-page">
        <header className="vox-pod-channel-head">
          <ChannelCover channel={channel} size={120} />
          <div className="vox-pod-channel-text">
            <p className="vox-pod-eyebrow">
              <Link to={href('channel', { channelId: channel.id })}>{channel.title}</Link>
            </p>
            <h1 className="vox-pod-heading">{episode.title}</h1>
            <p className="vox-pod-meta">
              {episode.season !== null && `Season ${episode.season} · `}
              {episode.episode !== null && `Episode ${episode.episode} · `}
              {episode.publishedAt ? day(episode.publishedAt) : 'Not published'} · {duration(episode.durationMs)}
            </p>
          </div>
        </header>

        <div className="vox-pod-actions">
          {player ? (
            <Button size="lg" onClick={() => (playingThis ? player.toggle() : player.play(toQueueItem(episode, startMs)))}>
              {playingThis && player.playing ? 'Pause' : startSeconds ? `Play from ${clock(startSeconds)}` : 'Play'}
            </Button>
          ) : (
            <audio className="vox-pod-audio" controls preload="metadata" src={startSeconds ? `${episode.audioUrl}#t=${startSeconds}` : episode.audioUrl} aria-label={`Play ${episode.title}`} />
          )}
          {user && (
            <Button variant="secondary" aria-pressed={episode.favorite} disabled={favorite.isPending} onClick={() => favorite.mutate(!episode.favorite)}>
              {episode.favorite ? 'Favorited' : 'Add to favorites'}
            </Button>
          )}
          {player && <EpisodeDownload episode={episode} />}
        </div>

        {episode.notes && (
          <section className="vox-pod-section" aria-labelledby="vox-pod-notes">
            <h2 id="vox-pod-notes" className="vox-pod-section-title">
              Show notes
            </h2>
            <p className="vox-pod-notes">{episode.notes}</p>
          </section>
        )}

        {episode.chapters.length > 0 && (
          <section className="vox-pod-section" aria-labelledby="vox-pod-chapters">
            <h2 id="vox-pod-chapters" className="vox-pod-section-title">
              Chapters
            </h2>
            <ol className="vox-pod-chapters">
              {episode.chapters.map((c, i) => (
                <li key={`${c.startTime}-${i}`}>
                  {player ? (
                    <button
                      type="button"
                      className="vox-pod-link-button"
                      onClick={() => (playingThis ? player.seek(c.startTime) : player.play(toQueueItem(episode, c.startTime * 1000)))}
                    >
                      <span className="vox-pod-chapter-time">{clock(c.startTime)}</span> {c.title}
                    </button>
                  ) : (
                    <>
                      <span className="vox-pod-chapter-time">{clock(c.startTime)}</span> {c.title}
                    </>
                  )}
                </li>
              ))}
            </ol>
          </section>
        )}

        {cues.length > 0 && (
          <section className="vox-pod-section" aria-labelledby="vox-pod-transcript">
            <h2 id="vox-pod-transcript" className="vox-pod-section-title">
              Transcript
            </h2>
            <ol className="vox-pod-transcript">
              {cues.map((cue, i) => (
                <li key={i}>
                  <span className="vox-pod-chapter-time">{cue.start}</span>
                  {cue.speaker && <strong className="vox-pod-speaker">{cue.speaker}</strong>}
                  <span>{cue.text}</span>
                </li>
              ))}
            </ol>
          </section>
        )}

        {user && episode.status === 'published' && <Share episodeId={episode.id} isOwner={isOwner} />}
      </article>
    </Page>
  );
}

function Share({ episodeId, isOwner }: { episodeId: string; isOwner: boolean }) {
  const create = useCreateShareLink(episodeId);
  const links = useShareLinks(episodeId, isOwner);
  const revoke = useRevokeShareLink();
  const [from, setFrom] = useState('');
  return (
    <section className="vox-pod-section" aria-labelledby="vox-pod-share">
      <h2 id="vox-pod-share" className="vox-pod-section-title">
        Share
      </h2>
      <form
        className="vox-pod-inline-form"
        onSubmit={(event) => {
          event.preventDefault();
          const [m = '0', s = '0'] = from.includes(':') ? from.split(':') : ['0', from];
          const seconds = from.trim() ? Number(m) * 60 + Number(s) : null;
          create.mutate(seconds !== null && Number.isFinite(seconds) ? Math.floor(seconds) : null);
        }}
      >
        <input className="vox-input vox-pod-input" value={from} onChange={(e) => setFrom(e.target.value)} placeholder="Start at (m:ss, optional)" aria-label="Start at (m:ss, optional)" />
        <button type="submit" className="vox-pod-chip vox-pod-chip--strong" disabled={create.isPending}>
          Make a share link
        </button>
      </form>
      {create.error && <Alert>{create.error.message}</Alert>}
      {create.data && (
        <p className="vox-pod-share-url">
          <label htmlFor="vox-pod-share-url">Share link</label>
          <input id="vox-pod-share-url" className="vox-input vox-pod-input" readOnly value={create.data.url} onFocus={(e) => e.currentTarget.select()} />
        </p>
      )}
      {isOwner && (links.data?.links.length ?? 0) > 0 && (
        <ul className="vox-pod-links" aria-label="Share links">
          {links.data?.links.map((link) => (
            <li key={link.id}>
              <code>{link.url}</code>{' '}
              {link.revoked ? (
                <span className="vox-pod-meta">Revoked</span>
              ) : (
                <button type="button" className="vox-pod-chip" onClick={() => revoke.mutate(link.id)}>
                  Revoke
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
