import { useEffect, useRef, useState, type DragEvent } from 'react';
import { Link, useParams } from 'react-router';
import { isApiError } from '@vox/api-client';
import { AUDIO_TEXTS, formatBytes, formatDuration, SOUND_LIMITS, SOUND_MESSAGES, SOUND_TYPES, type Sound, type SoundType } from '@vox/contract/audio';
import { Alert, Button, NotFoundPage, Page, cx } from '@vox/ui';
import { href } from '@vox/variant';
import { uploadSound, useSoundUploaded, useSounds } from '../api/sounds';
import { MiniWaveform } from '../shared/mini-waveform';
import { StorageMeter } from '../shared/storage-meter';
import '@vox/ui/page-kit';
import '../audio.css';

/** The sound types of the library, as they appear in /audio/create/{type}. */
const UPLOAD_TITLES: Record<SoundType, string> = {
  bgm: 'Upload background music',
  sfx: 'Upload a sound effect',
  voice: 'Upload a voice recording',
};

const ACCEPT = 'audio/*,.wav,.mp3,.ogg,.opus,.oga,.webm,.m4a,.aac,.flac';

interface Item {
  key: number;
  file: File;
  state: 'uploading' | 'done' | 'failed' | 'cancelled';
  sent: number;
  total: number;
  error?: string;
  sound?: Sound;
  abort: AbortController;
}

let nextKey = 1;

/** /audio/create/{type} (privilege audio_library): one or many files, each with its progress and cancel. */
export function AudioUploadPage() {
  const { type = '' } = useParams();
  if (!SOUND_TYPES.includes(type as SoundType)) return <NotFoundPage />;
  return <Uploader type={type as SoundType} />;
}

function Uploader({ type }: { type: SoundType }) {
  const library = useSounds({ type });
  const uploaded = useSoundUploaded();
  const maxBytes = library.data?.usage.maxFileBytes ?? SOUND_LIMITS.maxFileBytes;
  const [items, setItems] = useState<Item[]>([]);
  const [dragging, setDragging] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const live = useRef(items);
  live.current = items;

  // Leaving the page cancels what is still going up.
  useEffect(() => () => live.current.forEach((i) => i.state === 'uploading' && i.abort.abort()), []);

  const patch = (key: number, change: Partial<Item>) => setItems((all) => all.map((i) => (i.key === key ? { ...i, ...change } : i)));

  const start = (files: FileList | File[]) => {
    const added: Item[] = [...files].map((file) => ({ key: nextKey++, file, state: 'uploading', sent: 0, total: file.size, abort: new AbortController() }));
    setItems((all) => [...all, ...added]);
    for (const item of added) {
      if (item.file.size > maxBytes) {
        // Refused before a byte goes up: the limit is known.
        patch(item.key, { state: 'failed', error: SOUND_MESSAGES.tooLarge(maxBytes) });
        continue;
      }
      const form = new FormData();
      form.append('type', type);
      form.append('audio', item.file, item.file.name);
      uploadSound(form, (sent, total) => patch(item.key, { sent, total: total || item.file.size }), item.abort.signal)
        .then((sound) => {
          patch(item.key, { state: 'done', sound, sent: item.file.size });
          uploaded();
        })
        .catch((error: unknown) => {
          if (item.abort.signal.aborted) patch(item.key, { state: 'cancelled' });
          else patch(item.key, { state: 'failed', error: isApiError(error) || error instanceof Error ? error.message : String(error) });
        });
    }
  };

  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    if (event.dataTransfer.files.length) start(event.dataTransfer.files);
  };

  return (
    <Page className="vox-audio">
      <Link to={`${href('audio')}?type=${type}`} className="vox-audio__back">
        ← Audio library
      </Link>
      <h1 className="vox-page-title vox-audio__title">{UPLOAD_TITLES[type]}</h1>
      <p className="vox-page-lead vox-audio__lead" id="vox-audio-limits">
        {AUDIO_TEXTS.maxSize(maxBytes)}
      </p>
      {library.data && <StorageMeter usage={library.data.usage} />}

      <div
        className={cx('vox-audio-drop', dragging && 'vox-audio-drop--over')}
        onDragOver={(event) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
        data-testid="drop-zone"
      >
        <p>{AUDIO_TEXTS.dropHere}</p>
        <Button variant="primary" onClick={() => input.current?.click()}>
          {AUDIO_TEXTS.choose}
        </Button>
        <input
          ref={input}
          className="vox-audio-drop__input"
          type="file"
          accept={ACCEPT}
          multiple
          aria-label="Audio files to upload"
          aria-describedby="vox-audio-limits"
          onChange={(event) => {
            if (event.target.files?.length) start(event.target.files);
            event.target.value = '';
          }}
        />
      </div>

      {items.length > 0 && (
        <ul className="vox-audio-queue" aria-label="Uploads">
          {items.map((item) => (
            <UploadRow key={item.key} item={item} />
          ))}
        </ul>
      )}
    </Page>
  );
}

function UploadRow({ item }: { item: Item }) {
  const percent = item.total > 0 ? Math.round((item.sent / item.total) * 100) : 0;
  return (
    <li className={cx('vox-audio-queue__item', `vox-audio-queue__item--${item.state}`)} data-testid="upload-row">
      <div className="vox-audio-queue__top">
        <span className="vox-audio-queue__name">{item.file.name}</span>
        <span className="vox-audio-queue__size">{formatBytes(item.file.size)}</span>
      </div>
      {item.state === 'uploading' && (
        <div className="vox-audio-queue__progress">
          <progress max={100} value={percent} aria-label={`Uploading ${item.file.name}`} />
          <span aria-live="polite">{percent}%</span>
          <Button variant="secondary" size="sm" onClick={() => item.abort.abort()} aria-label={`Cancel ${item.file.name}`}>
            Cancel
          </Button>
        </div>
      )}
      {item.state === 'cancelled' && <p className="vox-audio-queue__note">Cancelled. Nothing was stored.</p>}
      {item.state === 'failed' && <Alert>{item.error ?? 'The upload failed.'}</Alert>}
      {item.state === 'done' && item.sound && (
        <div className="vox-audio-queue__done">
          <span role="status">Uploaded · {formatDuration(item.sound.durationMs)}</span>
          <MiniWaveform soundId={item.sound.id} bars={64} />
          <Link to={href('audioEdit', { audioId: item.sound.id })} className="vox-audio__link">
            Edit {item.sound.title}
          </Link>
        </div>
      )}
    </li>
  );
}
