import { useId, useState } from 'react';
import { Link } from 'react-router';
import type { ReadRender, RenderFill, SessionDetail } from '@vox/contract';
import { Alert, Button, Spinner } from '@vox/ui';
import { Modal } from '@vox/ui/forms';
import { href } from '@vox/variant';
import { isRendering, usePodcastHome, usePublishRead, useRefreshRenders, useRenderRead, useRevokeRenderLink, useSaveRender, useSessionRenders, useShareRender } from '../api/renders';
import { CheckIcon, CopyIcon } from '../session-ui/icons';
import { saveBlob } from './save-blob';
import '@vox/ui/page-kit';
import './finished-read.css';

/**
 * "The finished read", loaded only when opened: render the
 * picked takes in script order into one file to download or share by link, and, for the
 * session's owner, publish it as an episode of one of their podcast channels. The server's one
 * renderer does both in a background job; this dialog follows its progress and failure text.
 */
export interface FinishedReadProps {
  session: SessionDetail;
  isOwner: boolean;
  onClose(): void;
  copy?: (text: string) => Promise<void>;
}

export const FINISHED_READ_TEXTS = {
  title: 'The finished read',
  description: 'One audio file of the picked takes in script order, with short pauses between lines.',
  fillLegend: 'Lines without a take',
  fillSpeech: 'Read them with a synthesized voice',
  fillSkip: 'Leave them out',
  download: 'Download the read',
  publish: 'Publish as episode',
  queued: 'Waiting to render…',
  rendering: (percent: number) => `Rendering the read… ${percent}%`,
  ready: (duration: string) => `The read is ready (${duration}).`,
  failed: 'Rendering failed.',
  save: 'Save the file',
  share: 'Share by link',
  revoke: 'Revoke link',
  published: 'The episode is ready.',
  openEpisode: 'Open the episode',
  noChannel: 'You have no podcast channel yet. Create one on the podcast site, then publish the read to it.',
} as const;

export const formatClock = (ms: number) => {
  const s = Math.round(ms / 1000);
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
};

const browserCopy = (text: string) => navigator.clipboard.writeText(text);

export default function FinishedRead({ session, isOwner, onClose, copy = browserCopy }: FinishedReadProps) {
  const ids = useId();
  const [fill, setFill] = useState<RenderFill>('speech');
  const renders = useSessionRenders(session.id);
  const list = renders.data?.renders ?? [];
  const latestDownload = list.find((r) => r.kind === 'download');
  const latestEpisode = list.find((r) => r.kind === 'episode');
  const refresh = useRefreshRenders(session.id);
  const download = useRenderRead(session.id, refresh);

  return (
    <Modal title={FINISHED_READ_TEXTS.title} description={FINISHED_READ_TEXTS.description} onClose={onClose} size="md">
      <div className="vox-finished">
        <fieldset className="vox-finished__fill">
          <legend>{FINISHED_READ_TEXTS.fillLegend}</legend>
          {(['speech', 'skip'] as const).map((value) => (
            <label key={value} className="vox-finished__choice">
              <input type="radio" name={`${ids}-fill`} value={value} checked={fill === value} onChange={() => setFill(value)} />
              {value === 'speech' ? FINISHED_READ_TEXTS.fillSpeech : FINISHED_READ_TEXTS.fillSkip}
            </label>
          ))}
        </fieldset>

        <section className="vox-finished__section" aria-labelledby={`${ids}-download`}>
          <h3 id={`${ids}-download`} className="vox-finished__title">
            {FINISHED_READ_TEXTS.download}
          </h3>
          <Button variant="primary" busy={download.isPending} disabled={isRendering(latestDownload)} onClick={() => download.mutate(fill)}>
            {FINISHED_READ_TEXTS.download}
          </Button>
          {download.isError && <Alert>{download.error.message}</Alert>}
          {renders.isPending ? <Spinner size="sm" label="Loading the renders" /> : latestDownload && <RenderStatus render={latestDownload} copy={copy} onChange={refresh} />}
        </section>

        {isOwner && <PublishSection session={session} fill={fill} latest={latestEpisode} onChange={refresh} />}
      </div>
    </Modal>
  );
}

function Progress({ render }: { render: ReadRender }) {
  const percent = Math.round((render.progress ?? 0) * 100);
  const text = render.state === 'queued' && render.progress === null ? FINISHED_READ_TEXTS.queued : FINISHED_READ_TEXTS.rendering(percent);
  return (
    <div className="vox-finished__progress" role="status">
      <progress max={100} value={percent} aria-label={text} />
      <span>{text}</span>
    </div>
  );
}

function RenderStatus({ render, copy, onChange }: { render: ReadRender; copy: (text: string) => Promise<void>; onChange(): void }) {
  const [copied, setCopied] = useState(false);
  const save = useSaveRender(render.id, (audio) => saveBlob(audio, render.fileName));
  const share = useShareRender(render.id, onChange);
  const revoke = useRevokeRenderLink(render.id, onChange);

  if (isRendering(render)) return <Progress render={render} />;
  if (render.state === 'failed') {
    return (
      <Alert>
        <strong>{FINISHED_READ_TEXTS.failed}</strong> {render.error}
      </Alert>
    );
  }
  return (
    <div className="vox-finished__done">
      <p className="vox-finished__ready" role="status">
        <CheckIcon /> {FINISHED_READ_TEXTS.ready(formatClock(render.durationMs ?? 0))}
      </p>
      <div className="vox-finished__actions">
        <Button variant="secondary" busy={save.isPending} onClick={() => save.mutate()}>
          {FINISHED_READ_TEXTS.save}
        </Button>
        {!render.shareUrl && (
          <Button variant="secondary" busy={share.isPending} onClick={() => share.mutate()}>
            {FINISHED_READ_TEXTS.share}
          </Button>
        )}
      </div>
      {render.shareUrl && (
        <div className="vox-finished__link">
          <input className="vox-input vox-input--link vox-finished__url" readOnly value={render.shareUrl} aria-label="Link to the read" onFocus={(event) => event.target.select()} />
          <Button
            variant="secondary"
            size="sm"
            onClick={() =>
              void copy(render.shareUrl as string).then(
                () => setCopied(true),
                () => setCopied(false),
              )
            }
          >
            {copied ? <CheckIcon /> : <CopyIcon />}
            {copied ? 'Copied' : 'Copy'}
          </Button>
          <Button variant="link" size="sm" busy={revoke.isPending} onClick={() => revoke.mutate()}>
            {FINISHED_READ_TEXTS.revoke}
          </Button>
        </div>
      )}
      {(save.isError || share.isError || revoke.isError) && <Alert>{(save.error ?? share.error ?? revoke.error)?.message}</Alert>}
    </div>
  );
}

function PublishSection({ session, fill, latest, onChange }: { session: SessionDetail; fill: RenderFill; latest?: ReadRender; onChange(): void }) {
  const ids = useId();
  const home = usePodcastHome();
  const channels = home.data?.myChannels ?? [];
  const [channelId, setChannelId] = useState('');
  const [title, setTitle] = useState(session.script.title);
  const [draft, setDraft] = useState(false);
  const chosen = channelId || channels[0]?.id || '';
  const publish = usePublishRead(session.id, onChange);

  return (
    <section className="vox-finished__section" aria-labelledby={`${ids}-publish`}>
      <h3 id={`${ids}-publish`} className="vox-finished__title">
        {FINISHED_READ_TEXTS.publish}
      </h3>
      {home.isPending ? (
        <Spinner size="sm" label="Loading your channels" />
      ) : home.isError ? (
        <Alert>{home.error.message}</Alert>
      ) : channels.length === 0 ? (
        <p className="vox-meta">{FINISHED_READ_TEXTS.noChannel}</p>
      ) : (
        <form
          className="vox-finished__form"
          onSubmit={(event) => {
            event.preventDefault();
            publish.mutate({ channelId: chosen, fill, title: title.trim() || undefined, publish: draft ? 'draft' : 'now' });
          }}
        >
          <label htmlFor={`${ids}-channel`}>Channel</label>
          <select id={`${ids}-channel`} className="vox-input vox-finished__select" value={chosen} onChange={(event) => setChannelId(event.target.value)}>
            {channels.map((c) => (
              <option key={c.id} value={c.id}>
                {c.title}
              </option>
            ))}
          </select>
          <label htmlFor={`${ids}-title`}>Episode title</label>
          <input id={`${ids}-title`} className="vox-input vox-finished__input" value={title} maxLength={200} onChange={(event) => setTitle(event.target.value)} />
          <label className="vox-finished__choice">
            <input type="checkbox" checked={draft} onChange={(event) => setDraft(event.target.checked)} />
            Keep it a draft (publish later from the channel)
          </label>
          <div>
            <Button type="submit" variant="primary" busy={publish.isPending} disabled={isRendering(latest)}>
              {FINISHED_READ_TEXTS.publish}
            </Button>
          </div>
        </form>
      )}
      {publish.isError && <Alert>{publish.error.message}</Alert>}
      {latest &&
        (isRendering(latest) ? (
          <Progress render={latest} />
        ) : latest.state === 'failed' ? (
          <Alert>
            <strong>{FINISHED_READ_TEXTS.failed}</strong> {latest.error}
          </Alert>
        ) : latest.episodeId ? (
          <p className="vox-finished__ready" role="status">
            <CheckIcon /> {FINISHED_READ_TEXTS.published} ({formatClock(latest.durationMs ?? 0)}){' '}
            <Link to={href('episode', { linkId: latest.episodeId })}>{FINISHED_READ_TEXTS.openEpisode}</Link>
          </p>
        ) : null)}
    </section>
  );
}
