import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { isApiError } from '@vox/api-client';
import {
  AUDIO_TEXTS,
  formatBytes,
  formatDuration,
  SOUND_LICENCE_LABELS,
  SOUND_LICENCES,
  SOUND_TYPE_LABELS,
  SOUND_TYPES,
  type Sound,
  type SoundInUse,
  type SoundLicence,
  type SoundType,
} from '@vox/contract/audio';
import { Alert, Button, Page, Spinner } from '@vox/ui';
import { Modal, TextField } from '@vox/ui/forms';
import { href } from '@vox/variant';
import { replaceSoundFile, useDeleteSound, useSound, useSoundReplaced, useUpdateSound } from '../api/sounds';
import { SelectField } from '../shared/select-field';
import { toggleSound, useNowPlaying } from '../shared/sound-player';
import { Waveform } from '../shared/waveform';
import '@vox/ui/page-kit';
import '../audio.css';

/** /audio/edit/{audioId} (privilege audio_library): fields, trim and fades, replace, delete. */
export function AudioEditPage() {
  const { audioId = '' } = useParams();
  const sound = useSound(audioId);
  return (
    <Page className="vox-audio">
      <Link to={href('audio')} className="vox-audio__back">
        ← Audio library
      </Link>
      {sound.isPending ? (
        <>
          <h1 className="vox-page-title vox-audio__title">Edit sound</h1>
          <Spinner size="lg" label="Loading the sound" />
        </>
      ) : sound.isError ? (
        <>
          <h1 className="vox-page-title vox-audio__title">Edit sound</h1>
          <Alert>{sound.error.message}</Alert>
        </>
      ) : (
        <Editor key={sound.data.fileUrl} sound={sound.data} />
      )}
    </Page>
  );
}

const seconds = (ms: number | null) => (ms === null ? '' : String(ms / 1000));
const toMs = (text: string) => (text.trim() === '' ? null : Math.round(Number(text) * 1000));

function Editor({ sound }: { sound: Sound }) {
  const update = useUpdateSound(sound.id);
  const [title, setTitle] = useState(sound.title);
  const [type, setType] = useState<SoundType>(sound.type);
  const [tags, setTags] = useState(sound.tags.join(', '));
  const [licence, setLicence] = useState<SoundLicence>(sound.licence);
  const [attribution, setAttribution] = useState(sound.attribution);
  const [isPublic, setPublic] = useState(sound.isPublic);
  const [trimStart, setTrimStart] = useState(seconds(sound.trimStartMs));
  const [trimEnd, setTrimEnd] = useState(seconds(sound.trimEndMs));
  const [fadeIn, setFadeIn] = useState(seconds(sound.fadeInMs));
  const [fadeOut, setFadeOut] = useState(seconds(sound.fadeOutMs));
  const [saved, setSaved] = useState(false);
  const playing = useNowPlaying() === sound.id;

  const save = (event: FormEvent) => {
    event.preventDefault();
    setSaved(false);
    update.mutate(
      {
        title: title.trim() || sound.title,
        type,
        tags: tags.split(',').map((t) => t.trim()).filter(Boolean).slice(0, 12),
        licence,
        attribution: attribution.trim(),
        isPublic,
        trimStartMs: toMs(trimStart) ?? 0,
        trimEndMs: toMs(trimEnd),
        fadeInMs: toMs(fadeIn) ?? 0,
        fadeOutMs: toMs(fadeOut) ?? 0,
      },
      { onSuccess: () => setSaved(true) },
    );
  };

  return (
    <>
      <h1 className="vox-page-title vox-audio__title">Edit sound</h1>
      <p className="vox-page-lead vox-audio__lead">
        {sound.title} · {formatDuration(sound.durationMs)} · {sound.sampleRate ? `${(sound.sampleRate / 1000).toFixed(1)} kHz` : 'unknown rate'} ·{' '}
        {sound.channels === 1 ? 'mono' : sound.channels === 2 ? 'stereo' : `${sound.channels} channels`} · {formatBytes(sound.byteSize)}
      </p>

      <section className="vox-card vox-audio-card" aria-label="Waveform">
        <Waveform soundId={sound.id} fileUrl={sound.fileUrl} durationMs={sound.durationMs} label={sound.title} />
        <Button variant="secondary" onClick={() => toggleSound(sound)} aria-pressed={playing}>
          {playing ? 'Stop' : 'Play with trim and fades'}
        </Button>
      </section>

      <form className="vox-card vox-audio-card vox-stack vox-stack--tight" onSubmit={save} noValidate>
        <h2 className="vox-audio-card__title">Details</h2>
        <TextField label="Title" value={title} onChange={(e) => setTitle(e.target.value)} maxLength={120} required />
        <SelectField label="Type" value={type} onChange={(e) => setType(e.target.value as SoundType)} options={SOUND_TYPES.map((t) => ({ value: t, label: SOUND_TYPE_LABELS[t] }))} />
        <TextField label="Tags" hint="Separate tags with commas, e.g. rain, night, calm." value={tags} onChange={(e) => setTags(e.target.value)} />
        <SelectField label="Licence" value={licence} onChange={(e) => setLicence(e.target.value as SoundLicence)} options={SOUND_LICENCES.map((l) => ({ value: l, label: SOUND_LICENCE_LABELS[l] }))} />
        <TextField label="Attribution" hint="Who made it and where it comes from (required for CC BY)." value={attribution} onChange={(e) => setAttribution(e.target.value)} maxLength={300} />
        <label className="vox-audio-check">
          <input type="checkbox" checked={isPublic} onChange={(e) => setPublic(e.target.checked)} />
          Share in the public library (other members can play it and use it as a cue)
        </label>
        <h2 className="vox-audio-card__title">Trim and fades</h2>
        <p className="vox-meta vox-audio-card__hint">In seconds. The file is not changed: trim and fades apply when it plays and in renders.</p>
        <div className="vox-audio-form__grid">
          <TextField label="Trim start" type="number" min={0} step={0.1} inputMode="decimal" value={trimStart} onChange={(e) => setTrimStart(e.target.value)} />
          <TextField label="Trim end" type="number" min={0} step={0.1} inputMode="decimal" placeholder={seconds(sound.durationMs)} value={trimEnd} onChange={(e) => setTrimEnd(e.target.value)} />
          <TextField label="Fade in" type="number" min={0} step={0.1} inputMode="decimal" value={fadeIn} onChange={(e) => setFadeIn(e.target.value)} />
          <TextField label="Fade out" type="number" min={0} step={0.1} inputMode="decimal" value={fadeOut} onChange={(e) => setFadeOut(e.target.value)} />
        </div>
        {update.isError && <Alert>{update.error.message}</Alert>}
        {saved && !update.isPending && <Alert variant="success">{AUDIO_TEXTS.saved}</Alert>}
        <div className="vox-audio-form__actions">
          <Button type="submit" variant="primary" busy={update.isPending}>
            Save
          </Button>
        </div>
      </form>

      <ReplaceFile sound={sound} />
      <DeleteSound sound={sound} />
      {sound.sourceUrl && (
        <p className="vox-meta vox-audio-card__hint">
          Copied from <a href={sound.sourceUrl}>{sound.sourceUrl}</a>
        </p>
      )}
    </>
  );
}

function ReplaceFile({ sound }: { sound: Sound }) {
  const replaced = useSoundReplaced();
  const [progress, setProgress] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const abort = useRef<AbortController | null>(null);
  useEffect(() => () => abort.current?.abort(), []);

  const replace = (file: File) => {
    setError(null);
    setProgress(0);
    const form = new FormData();
    form.append('audio', file, file.name);
    abort.current = new AbortController();
    replaceSoundFile(sound.id, form, (sent, total) => setProgress(total ? Math.round((sent / total) * 100) : 0), abort.current.signal)
      .then((next) => {
        setProgress(null);
        replaced(next);
      })
      .catch((e: unknown) => {
        setProgress(null);
        if (!abort.current?.signal.aborted) setError(e instanceof Error ? e.message : String(e));
      });
  };

  return (
    <section className="vox-card vox-audio-card" aria-labelledby="vox-audio-replace">
      <h2 className="vox-audio-card__title" id="vox-audio-replace">
        Replace the file
      </h2>
      <p className="vox-meta vox-audio-card__hint">Title, tags, licence and the cues that use it stay.</p>
      {progress === null ? (
        <input type="file" accept="audio/*" aria-label="New audio file" onChange={(e) => e.target.files?.[0] && replace(e.target.files[0])} />
      ) : (
        <div className="vox-audio-queue__progress">
          <progress max={100} value={progress} aria-label="Uploading the new file" />
          <span>{progress}%</span>
          <Button variant="secondary" size="sm" onClick={() => abort.current?.abort()}>
            Cancel
          </Button>
        </div>
      )}
      {error && <Alert>{error}</Alert>}
    </section>
  );
}

function DeleteSound({ sound }: { sound: Sound }) {
  const remove = useDeleteSound();
  const navigate = useNavigate();
  const [asking, setAsking] = useState(false);
  const [inUse, setInUse] = useState<SoundInUse | null>(null);
  const [error, setError] = useState<string | null>(null);

  const go = async (confirm: boolean) => {
    setError(null);
    try {
      await remove.mutateAsync({ soundId: sound.id, confirm });
      void navigate(`${href('audio')}?type=${sound.type}`);
    } catch (e) {
      if (isApiError(e) && e.status === 409) setInUse(e.body as SoundInUse);
      else setError(e instanceof Error ? e.message : String(e));
    }
  };

  return (
    <section className="vox-card vox-audio-card" aria-labelledby="vox-audio-delete">
      <h2 className="vox-audio-card__title" id="vox-audio-delete">
        Delete
      </h2>
      <Button variant="secondary" onClick={() => setAsking(true)}>
        Delete this sound
      </Button>
      {asking && (
        <Modal title={AUDIO_TEXTS.deleteAsk} onClose={() => (setAsking(false), setInUse(null))} size="sm">
          {inUse ? (
            <>
              <p>{inUse.message}</p>
              <ul className="vox-audio-uses">
                {inUse.uses.map((u) => (
                  <li key={u.lineId}>
                    <Link to={href('script', { scriptId: u.scriptId })}>{u.scriptTitle}</Link>: “{u.lineText}”
                  </li>
                ))}
              </ul>
            </>
          ) : (
            <p>“{sound.title}” will be removed from your library.</p>
          )}
          {error && <Alert>{error}</Alert>}
          <div className="vox-audio-form__actions">
            <Button variant="primary" busy={remove.isPending} onClick={() => void go(inUse !== null)}>
              {inUse ? 'Delete it and its cues' : 'Delete'}
            </Button>
            <Button variant="secondary" onClick={() => (setAsking(false), setInUse(null))}>
              Keep it
            </Button>
          </div>
        </Modal>
      )}
    </section>
  );
}
