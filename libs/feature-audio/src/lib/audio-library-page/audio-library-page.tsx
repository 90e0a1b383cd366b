import { useId, useRef, useState, type KeyboardEvent } from 'react';
import { Link, useSearchParams } from 'react-router';
import {
  AUDIO_TEXTS,
  formatDuration,
  SOUND_SORT_LABELS,
  SOUND_SORTS,
  SOUND_TYPE_LABELS,
  SOUND_TYPES,
  type Sound,
  type SoundSort,
  type SoundType,
} from '@vox/contract/audio';
import { Alert, Page, Spinner, buttonClassName, cx } from '@vox/ui';
import { TextField } from '@vox/ui/forms';
import { href } from '@vox/variant';
import { useSounds } from '../api/sounds';
import { MiniWaveform } from '../shared/mini-waveform';
import { SelectField } from '../shared/select-field';
import { toggleSound, useNowPlaying } from '../shared/sound-player';
import { StorageMeter } from '../shared/storage-meter';
import '@vox/ui/page-kit';
import '../audio.css';

const isType = (value: string | null): value is SoundType => SOUND_TYPES.includes(value as SoundType);
const isSort = (value: string | null): value is SoundSort => SOUND_SORTS.includes(value as SoundSort);

/** /audio (privilege audio_library): my sounds by type, with search, sort, play and storage. */
export function AudioLibraryPage() {
  const [params, setParams] = useSearchParams();
  const type: SoundType = isType(params.get('type')) ? (params.get('type') as SoundType) : 'bgm';
  const sort: SoundSort = isSort(params.get('sort')) ? (params.get('sort') as SoundSort) : 'newest';
  const [q, setQ] = useState('');
  const sounds = useSounds({ type, sort, ...(q.trim() ? { q: q.trim() } : {}) });
  const tabIds = useId();
  const tabs = useRef<(HTMLButtonElement | null)[]>([]);

  const set = (changes: Record<string, string>) => setParams((prev) => ({ ...Object.fromEntries(prev), ...changes }), { replace: true });
  const onTabKey = (event: KeyboardEvent, index: number) => {
    const step = event.key === 'ArrowRight' ? 1 : event.key === 'ArrowLeft' ? -1 : 0;
    if (!step) return;
    const next = (index + step + SOUND_TYPES.length) % SOUND_TYPES.length;
    set({ type: SOUND_TYPES[next] });
    tabs.current[next]?.focus();
  };

  return (
    <Page className="vox-audio">
      <header className="vox-page-head vox-audio__head">
        <div>
          <h1 className="vox-page-title vox-audio__title">{AUDIO_TEXTS.libraryTitle}</h1>
          <p className="vox-page-lead vox-audio__lead">{AUDIO_TEXTS.libraryIntro}</p>
        </div>
        <div className="vox-toolbar">
          <Link to={href('audioCreate', { type })} className={buttonClassName({ variant: 'primary', size: 'lg' })}>
            {AUDIO_TEXTS.upload(type)}
          </Link>
          <Link to={href('freesound')} className={buttonClassName({ variant: 'secondary', size: 'lg' })}>
            {AUDIO_TEXTS.freesoundTitle}
          </Link>
        </div>
      </header>

      {sounds.data && <StorageMeter usage={sounds.data.usage} />}

      <div className="vox-audio__tabs" role="tablist" aria-label="Sound types">
        {SOUND_TYPES.map((t, index) => (
          <button
            key={t}
            ref={(el) => {
              tabs.current[index] = el;
            }}
            type="button"
            role="tab"
            id={`${tabIds}-${t}`}
            aria-selected={t === type}
            aria-controls={`${tabIds}-panel`}
            tabIndex={t === type ? 0 : -1}
            className={cx('vox-plain-button vox-audio__tab', t === type && 'vox-audio__tab--on')}
            onClick={() => set({ type: t })}
            onKeyDown={(event) => onTabKey(event, index)}
          >
            {SOUND_TYPE_LABELS[t]}
          </button>
        ))}
      </div>

      <section id={`${tabIds}-panel`} role="tabpanel" aria-labelledby={`${tabIds}-${type}`} className="vox-audio__panel">
        <div className="vox-audio__filters" role="search">
          <TextField label="Search by title or tag" type="search" value={q} onChange={(e) => setQ(e.target.value)} maxLength={100} />
          <SelectField label="Sort" value={sort} onChange={(e) => set({ sort: e.target.value })} options={SOUND_SORTS.map((s) => ({ value: s, label: SOUND_SORT_LABELS[s] }))} />
        </div>

        {sounds.isPending ? (
          <Spinner size="lg" label="Loading your sounds" />
        ) : sounds.isError ? (
          <Alert>{sounds.error.message}</Alert>
        ) : sounds.data.items.length === 0 ? (
          <p className="vox-audio__empty">{q.trim() ? AUDIO_TEXTS.noMatch : AUDIO_TEXTS.empty(type)}</p>
        ) : (
          <ul className={cx('vox-stack vox-stack--close vox-audio__list', sounds.isPlaceholderData && 'vox-audio__list--stale')} aria-label={SOUND_TYPE_LABELS[type]}>
            {sounds.data.items.map((sound) => (
              <SoundRow key={sound.id} sound={sound} />
            ))}
          </ul>
        )}
      </section>
    </Page>
  );
}

function SoundRow({ sound }: { sound: Sound }) {
  const playing = useNowPlaying() === sound.id;
  return (
    <li className="vox-audio__item" data-testid="sound-row">
      <button
        type="button"
        className={cx('vox-audio__play', playing && 'vox-audio__play--on')}
        aria-label={`${playing ? 'Pause' : 'Play'} ${sound.title}`}
        aria-pressed={playing}
        onClick={() => toggleSound(sound)}
      >
        <span aria-hidden="true">{playing ? '❚❚' : '▶'}</span>
      </button>
      <div className="vox-audio__name">
        <Link to={href('audioEdit', { audioId: sound.id })} className="vox-audio__link">
          {sound.title}
        </Link>
        {sound.tags.length > 0 && <span className="vox-audio__tags">{sound.tags.map((t) => `#${t}`).join(' ')}</span>}
      </div>
      <MiniWaveform soundId={sound.id} />
      <span className="vox-audio__duration">{formatDuration(sound.durationMs)}</span>
      {sound.isPublic && <span className="vox-chip vox-chip--info vox-audio__badge">Public</span>}
    </li>
  );
}
