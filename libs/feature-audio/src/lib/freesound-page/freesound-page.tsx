import { useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { AUDIO_TEXTS, formatDuration, type FreesoundHit, type FreesoundResults } from '@vox/contract/audio';
import { Alert, Button, Page, Spinner, cx } from '@vox/ui';
import { TextField } from '@vox/ui/forms';
import { href } from '@vox/variant';
import { useImportSound, useSoundSearch } from '../api/sounds';
import { toggleSound, useNowPlaying } from '../shared/sound-player';
import '@vox/ui/page-kit';
import '../audio.css';

/**
 * /freesound-poc: searches Freesound through our server when it has an API key (the key never
 * reaches the browser), else the public VoxClub library. Previews play; "Add to my library"
 * copies a sound with its licence and attribution.
 */
export function FreesoundPage() {
  const [text, setText] = useState('');
  const [q, setQ] = useState('');
  const results = useSoundSearch(q);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setQ(text.trim());
  };
  return (
    <Page className="vox-audio">
      <h1 className="vox-page-title vox-audio__title">{AUDIO_TEXTS.freesoundTitle}</h1>
      <p className="vox-page-lead vox-audio__lead">Search free sounds for your scripts, listen, and add the ones you like to your audio library with their licence and credit.</p>
      <form className="vox-audio-find" role="search" onSubmit={submit}>
        <TextField label="Search sounds" type="search" value={text} onChange={(e) => setText(e.target.value)} maxLength={100} placeholder="rain, door, crowd…" />
        <Button type="submit" variant="primary">
          Search
        </Button>
      </form>
      {results.isPending ? (
        <Spinner size="lg" label="Searching" />
      ) : results.isError ? (
        <Alert>{results.error.message}</Alert>
      ) : (
        <Results data={results.data} stale={results.isPlaceholderData} searched={q} />
      )}
    </Page>
  );
}

function Results({ data, stale, searched }: { data: FreesoundResults; stale: boolean; searched: string }) {
  if (data.items.length === 0) {
    return <p className="vox-audio__empty">{searched ? AUDIO_TEXTS.noMatch : 'Type what you are looking for and search.'}</p>;
  }
  return (
    <section aria-label="Results">
      <p className="vox-meta vox-audio-card__hint">{AUDIO_TEXTS.freesoundFrom[data.source]}</p>
      <ul className={cx('vox-stack vox-stack--close vox-audio__list', stale && 'vox-audio__list--stale')}>
        {data.items.map((hit) => (
          <Hit key={hit.id} hit={hit} source={data.source} />
        ))}
      </ul>
    </section>
  );
}

function Hit({ hit, source }: { hit: FreesoundHit; source: FreesoundResults['source'] }) {
  const id = `${source}:${hit.id}`;
  const playing = useNowPlaying() === id;
  const add = useImportSound();
  return (
    <li className="vox-audio__item vox-audio__item--hit" data-testid="search-hit">
      <button
        type="button"
        className={cx('vox-audio__play', playing && 'vox-audio__play--on')}
        aria-label={`${playing ? 'Stop' : 'Play'} the preview of ${hit.title}`}
        aria-pressed={playing}
        onClick={() => toggleSound({ id, fileUrl: hit.previewUrl, durationMs: hit.durationMs, trimStartMs: 0, trimEndMs: null, fadeInMs: 0, fadeOutMs: 0 })}
      >
        <span aria-hidden="true">{playing ? '❚❚' : '▶'}</span>
      </button>
      <div className="vox-audio__name">
        <span className="vox-audio__hit-title">{hit.title}</span>
        <span className="vox-audio__tags">
          by {hit.author} · {hit.licenceName}
        </span>
      </div>
      <span className="vox-audio__duration">{formatDuration(hit.durationMs)}</span>
      <div className="vox-audio__add">
        {add.isSuccess ? (
          <Link to={href('audioEdit', { audioId: add.data.id })} className="vox-audio__link" role="status">
            {AUDIO_TEXTS.added}
          </Link>
        ) : hit.licence ? (
          <Button variant="secondary" size="sm" busy={add.isPending} onClick={() => add.mutate({ source, id: hit.id })}>
            Add to my library
          </Button>
        ) : (
          <span className="vox-audio__tags">This licence does not allow copying.</span>
        )}
        {add.isError && <Alert>{add.error.message}</Alert>}
      </div>
    </li>
  );
}
