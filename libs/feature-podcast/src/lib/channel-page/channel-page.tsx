import { useRef, useState, type FormEvent } from 'react';
import { Link, useParams } from 'react-router';
import { useUser } from '@vox/auth';
import type { ChannelDetail, Episode } from '@vox/contract';
import { displayName } from '@vox/contract';
import { Alert, Button, buttonClassName, MicIcon, Notice, Page, Spinner } from '@vox/ui';
import { TextField } from '@vox/ui/forms';
import { href } from '@vox/variant';
import { useChannel, useChannelStats, useFollow, useUpdateChannel, useUpdateEpisode, useUploadCover, useUploadEpisode } from '../api/podcast';
import { ChannelCover } from '../shared/channel-card';
import { ChannelForm } from '../shared/channel-form';
import { EpisodeRow } from '../shared/episode-row';
import '../shared/podcast.css';

/** /channel/{channelId}: the channel, its episodes newest first, follow, the feed; the owner's tools. */
export function ChannelPage() {
  const { channelId = '' } = useParams();
  const detail = useChannel(channelId);
  if (detail.isPending) {
    return (
      <Page centered>
        <Spinner label="Loading the channel" />
      </Page>
    );
  }
  if (detail.isError) {
    return (
      <Notice icon={<MicIcon />} title="Channel not found" eyebrow="Podcast" actions={<Link to={href('home')} className={buttonClassName({ variant: 'primary' })}>Browse channels</Link>}>
        <p>{detail.error.message}</p>
      </Notice>
    );
  }
  return <Channel detail={detail.data} />;
}

function Channel({ detail }: { detail: ChannelDetail }) {
  const { channel, episodes, following, isOwner } = detail;
  const user = useUser();
  const follow = useFollow(channel.id);
  return (
    <Page width="wide">
      {/* React puts it in the document's head: podcast apps and browsers discover the feed. */}
      <link rel="alternate" type="application/rss+xml" title={channel.title} href={channel.feedUrl} />
      <header className="vox-pod-channel-head">
        <ChannelCover channel={channel} size={160} />
        <div className="vox-pod-channel-text">
          <p className="vox-pod-eyebrow">
            {channel.category} · {channel.language}
            {channel.explicit ? ' · Explicit' : ''}
          </p>
          <h1 className="vox-pod-heading">{channel.title}</h1>
          <p className="vox-pod-meta">By {displayName(channel.owner)}</p>
          {channel.description && <p className="vox-pod-description">{channel.description}</p>}
          <div className="vox-pod-actions">
            {user && !isOwner && (
              <Button variant={following ? 'secondary' : 'primary'} disabled={follow.isPending} aria-pressed={following} onClick={() => follow.mutate(!following)}>
                {following ? 'Following' : 'Follow'}
              </Button>
            )}
          </div>
          <div className="vox-pod-feed">
            <label htmlFor="vox-pod-feed-url">RSS feed</label>
            <input id="vox-pod-feed-url" className="vox-input vox-pod-input" readOnly value={channel.feedUrl} onFocus={(e) => e.currentTarget.select()} />
            <a href={channel.feedUrl} className="vox-pod-chip">
              Open feed
            </a>
          </div>
        </div>
      </header>

      {isOwner && <OwnerTools detail={detail} />}

      <section className="vox-pod-section" aria-labelledby="vox-pod-episodes">
        <h2 id="vox-pod-episodes" className="vox-pod-section-title">
          Episodes
        </h2>
        {episodes.length === 0 ? (
          <p className="vox-pod-empty">{isOwner ? 'No episodes yet. Upload the first one above.' : 'No episodes yet.'}</p>
        ) : (
          <ul className="vox-pod-episodes" aria-label="Episodes">
            {episodes.map((episode) => (
              <EpisodeRow key={episode.id} episode={episode} showChannel={false} extra={isOwner ? <EpisodeOwnerActions episode={episode} /> : undefined} />
            ))}
          </ul>
        )}
      </section>
    </Page>
  );
}

function OwnerTools({ detail }: { detail: ChannelDetail }) {
  const { channel } = detail;
  const update = useUpdateChannel(channel.id);
  const cover = useUploadCover(channel.id);
  return (
    <section className="vox-pod-section vox-pod-owner" aria-label="Your channel">
      <UploadEpisode channelId={channel.id} />
      <details className="vox-pod-panel">
        <summary>Edit channel</summary>
        <ChannelForm channel={channel} submitLabel="Save channel" pending={update.isPending} error={update.error?.message ?? null} onSubmit={(input) => update.mutate(input)} />
        {update.isSuccess && <Alert variant="success">Saved.</Alert>}
        <div className="vox-field">
          <label className="vox-field__label" htmlFor="vox-pod-cover">
            Cover picture (square, PNG, JPEG or WebP)
          </label>
          <input id="vox-pod-cover" type="file" accept="image/png,image/jpeg,image/webp,image/gif" onChange={(e) => e.target.files?.[0] && cover.mutate(e.target.files[0])} />
          {cover.error && <Alert>{cover.error.message}</Alert>}
        </div>
      </details>
      <Stats channelId={channel.id} />
    </section>
  );
}

function UploadEpisode({ channelId }: { channelId: string }) {
  const [progress, setProgress] = useState(0);
  const upload = useUploadEpisode(channelId, setProgress);
  const fileRef = useRef<HTMLInputElement>(null);
  const [title, setTitle] = useState('');
  const [notes, setNotes] = useState('');
  const [season, setSeason] = useState('');
  const [number, setNumber] = useState('');
  const [publish, setPublish] = useState<'now' | 'draft' | 'scheduled'>('now');
  const [publishAt, setPublishAt] = useState('');
  const [missing, setMissing] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const file = fileRef.current?.files?.[0];
    if (!file) return setMissing('Please choose an audio file to upload.');
    setMissing(null);
    setProgress(0);
    upload.mutate(
      { title, notes, season, episode: number, publish, publishAt, file },
      {
        onSuccess: () => {
          setTitle('');
          setNotes('');
          if (fileRef.current) fileRef.current.value = '';
        },
      },
    );
  };

  return (
    <details className="vox-pod-panel" open>
      <summary>Upload an episode</summary>
      <form className="vox-pod-form" onSubmit={submit}>
        <div className="vox-field">
          <label className="vox-field__label" htmlFor="vox-pod-audio">
            Audio file (MP3, M4A, WAV, Ogg or WebM; up to 200 MB)
          </label>
          <input id="vox-pod-audio" ref={fileRef} type="file" accept="audio/*" />
        </div>
        <TextField label="Episode title" value={title} onChange={(e) => setTitle(e.target.value)} required maxLength={200} />
        <div className="vox-field">
          <label className="vox-field__label" htmlFor="vox-pod-notes">
            Show notes
          </label>
          <textarea id="vox-pod-notes" className="vox-input vox-pod-textarea" rows={3} value={notes} onChange={(e) => setNotes(e.target.value)} maxLength={10000} />
        </div>
        <div className="vox-pod-form-row">
          <TextField label="Season" inputMode="numeric" pattern="[0-9]*" value={season} onChange={(e) => setSeason(e.target.value)} />
          <TextField label="Episode number" inputMode="numeric" pattern="[0-9]*" value={number} onChange={(e) => setNumber(e.target.value)} />
        </div>
        <fieldset className="vox-pod-fieldset">
          <legend>When</legend>
          {(
            [
              ['now', 'Publish now'],
              ['scheduled', 'Publish at a date'],
              ['draft', 'Keep as draft'],
            ] as const
          ).map(([value, label]) => (
            <label key={value} className="vox-pod-check">
              <input type="radio" name="publish" value={value} checked={publish === value} onChange={() => setPublish(value)} /> {label}
            </label>
          ))}
          {publish === 'scheduled' && <TextField label="Publish at" type="datetime-local" value={publishAt} onChange={(e) => setPublishAt(e.target.value)} required />}
        </fieldset>
        {upload.isPending && (
          <div className="vox-pod-upload-progress">
            <progress max={1} value={progress} aria-label="Upload progress" />
            <span>{Math.round(progress * 100)}%</span>
          </div>
        )}
        {(missing ?? upload.error?.message) && <Alert>{missing ?? upload.error?.message}</Alert>}
        {upload.isSuccess && !upload.isPending && <Alert variant="success">Uploaded “{upload.data.title}”.</Alert>}
        <Button type="submit" disabled={upload.isPending}>
          {upload.isPending ? 'Uploading…' : 'Upload episode'}
        </Button>
      </form>
    </details>
  );
}

function EpisodeOwnerActions({ episode }: { episode: Episode }) {
  const update = useUpdateEpisode(episode.id);
  return (
    <div className="vox-pod-owner-row">
      <span className={`vox-pod-badge vox-pod-badge--${episode.status}`}>{episode.status === 'published' ? 'Published' : episode.status === 'scheduled' ? 'Scheduled' : 'Draft'}</span>
      {episode.status === 'published' ? (
        <button type="button" className="vox-pod-chip" onClick={() => update.mutate({ publish: 'draft' })} aria-label={`Unpublish ${episode.title}`}>
          Unpublish
        </button>
      ) : (
        <button type="button" className="vox-pod-chip" onClick={() => update.mutate({ publish: 'now' })} aria-label={`Publish ${episode.title} now`}>
          Publish now
        </button>
      )}
      {update.error && <span className="vox-pod-error">{update.error.message}</span>}
    </div>
  );
}

function Stats({ channelId }: { channelId: string }) {
  const stats = useChannelStats(channelId, true);
  if (!stats.data) return null;
  const { days, episodes } = stats.data;
  const last7 = days.slice(-7);
  return (
    <details className="vox-pod-panel">
      <summary>Plays (last 30 days)</summary>
      <div className="vox-pod-table-wrap">
        <table className="vox-pod-table">
          <caption>Plays per episode per day, each listener counted once a day</caption>
          <thead>
            <tr>
              <th scope="col">Episode</th>
              {last7.map((d) => (
                <th key={d} scope="col">
                  {d.slice(5)}
                </th>
              ))}
              <th scope="col">30 days</th>
            </tr>
          </thead>
          <tbody>
            {episodes.map((e) => (
              <tr key={e.episodeId}>
                <th scope="row">{e.title}</th>
                {e.plays.slice(-7).map((n, i) => (
                  <td key={last7[i]}>{n}</td>
                ))}
                <td>{e.total}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </details>
  );
}
