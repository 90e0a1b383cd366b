import { usePhotoUrl } from '@vox/api-client';
import { useRef, useState } from 'react';
import type { ScriptVisibility } from '@vox/contract';
import { COVER_MAX_BYTES, SCRIPT_LIMITS, SCRIPT_MESSAGES, SCRIPT_VISIBILITIES } from '@vox/contract/scripts';
import { Alert, Button, cx } from '@vox/ui';
import { TextField } from '@vox/ui/forms';
import { useRemoveScriptCover, useUploadScriptCover } from '../api/scripts';
import { ScriptIcon } from '../session-ui/icons';
import { sameTarget, useEditor } from './editor-context';
import { useEditorValue } from './editor-store';
import '../script-list/script-cover.css';

const VISIBILITY_TEXTS: Record<ScriptVisibility, { label: string; hint: string }> = {
  private: { label: 'Private', hint: 'Only you can find and read it.' },
  friends: { label: 'Friends', hint: 'You and your friends can find and read it.' },
  public: { label: 'Public', hint: 'Everyone on VoxClub can find and read it.' },
};

const LANGUAGES = [
  ['en', 'English'],
  ['es', 'Spanish'],
  ['fr', 'French'],
  ['de', 'German'],
  ['it', 'Italian'],
  ['pt', 'Portuguese'],
  ['nl', 'Dutch'],
  ['pl', 'Polish'],
  ['ja', 'Japanese'],
  ['ko', 'Korean'],
  ['zh', 'Chinese'],
] as const;

/** Title, synopsis, genre, language, who can read it, and the free flag. */
export function DetailsPanel() {
  const { store, problem } = useEditor();
  const head = useEditorValue(store, store.getHead);
  const invalid = (field: 'synopsis' | 'genre' | 'language') => sameTarget(problem?.target, { kind: 'field', field }) || undefined;

  return (
    <section className="vox-card vox-editor-card" aria-labelledby="script-details">
      <header className="vox-editor-card__head">
        <h2 className="vox-editor-card__title" id="script-details">
          Details
        </h2>
      </header>
      <div className="vox-editor-fields">
        <TextField
          id="script-title"
          label="Title"
          value={head.title}
          maxLength={SCRIPT_LIMITS.title}
          autoComplete="off"
          aria-invalid={sameTarget(problem?.target, { kind: 'title' }) || undefined}
          onChange={(event) => store.setHead({ title: event.target.value })}
        />
        <div className="vox-field">
          <label className="vox-field__label" htmlFor="script-synopsis">
            Synopsis
          </label>
          <textarea
            id="script-synopsis"
            className="vox-input vox-field__input vox-editor-fields__synopsis"
            value={head.synopsis}
            maxLength={SCRIPT_LIMITS.synopsis}
            placeholder="What happens, in a few sentences"
            aria-invalid={invalid('synopsis')}
            onChange={(event) => store.setHead({ synopsis: event.target.value })}
          />
        </div>
        <div className="vox-editor-fields__pair">
          <TextField
            id="script-genre"
            label="Genre"
            value={head.genre}
            maxLength={SCRIPT_LIMITS.genre}
            placeholder="Drama"
            aria-invalid={invalid('genre')}
            onChange={(event) => store.setHead({ genre: event.target.value })}
          />
          <TextField
            id="script-language"
            label="Language"
            value={head.language}
            maxLength={SCRIPT_LIMITS.language}
            list="script-languages"
            hint="A code such as en, fr or pt-BR"
            aria-invalid={invalid('language')}
            onChange={(event) => store.setHead({ language: event.target.value })}
          />
          <datalist id="script-languages">
            {LANGUAGES.map(([code, name]) => (
              <option key={code} value={code}>
                {name}
              </option>
            ))}
          </datalist>
        </div>

        <fieldset className="vox-editor-choices">
          <legend className="vox-field__label">Who can read it</legend>
          {SCRIPT_VISIBILITIES.map((visibility) => (
            <label key={visibility} className={cx('vox-editor-choice', head.visibility === visibility && 'vox-editor-choice--checked')}>
              <input
                type="radio"
                name="script-visibility"
                value={visibility}
                checked={head.visibility === visibility}
                onChange={() => store.setHead({ visibility })}
              />
              <span>
                <span className="vox-editor-choice__title">{VISIBILITY_TEXTS[visibility].label}</span>
                <span className="vox-editor-choice__hint">{VISIBILITY_TEXTS[visibility].hint}</span>
              </span>
            </label>
          ))}
        </fieldset>

        <label className={cx('vox-editor-choice', head.isFree && 'vox-editor-choice--checked')}>
          <input type="checkbox" checked={head.isFree} onChange={(event) => store.setHead({ isFree: event.target.checked })} />
          <span>
            <span className="vox-editor-choice__title">Free script</span>
            <span className="vox-editor-choice__hint">Listed under Free scripts, where members whose plan includes them can read it.</span>
          </span>
        </label>
      </div>
    </section>
  );
}

const COVER_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'];

/** The cover picture: the owner uploads one once the script is saved (it needs the script's id). */
export function CoverPanel() {
  const { store } = useEditor();
  const scriptId = useEditorValue(store, store.getScriptId);
  const cover = useEditorValue(store, store.getCover);
  const url = usePhotoUrl(cover);
  const upload = useUploadScriptCover();
  const remove = useRemoveScriptCover();
  const [error, setError] = useState<string | null>(null);
  const fileRef = useRef<HTMLInputElement>(null);

  const send = (file: File) => {
    setError(null);
    if (!COVER_TYPES.includes(file.type)) return setError(SCRIPT_MESSAGES.coverUnsupported);
    if (file.size > COVER_MAX_BYTES) return setError(SCRIPT_MESSAGES.coverTooLarge);
    if (!scriptId) return undefined;
    upload.mutate(
      { scriptId, file },
      // Only the cover changes: unsaved edits elsewhere in the editor stay as they are.
      { onSuccess: (saved) => store.setCover(saved.cover), onError: (e) => setError(e.message) },
    );
    return undefined;
  };

  return (
    <section className="vox-card vox-editor-card vox-editor-cover" aria-labelledby="script-cover">
      <header className="vox-editor-card__head">
        <h2 className="vox-editor-card__title" id="script-cover">
          Cover
        </h2>
      </header>
      <div className="vox-editor-cover__body">
        <span className={cx('vox-script-cover vox-editor-cover__picture', !url && 'vox-script-cover--empty')}>
          {url ? <img src={url} alt="Cover of the script" /> : <ScriptIcon />}
        </span>
        <div className="vox-editor-cover__actions">
          {scriptId ? (
            <>
              <input
                ref={fileRef}
                type="file"
                accept={COVER_TYPES.join(',')}
                className="vox-visually-hidden"
                tabIndex={-1}
                aria-hidden="true"
                data-testid="cover-file"
                onChange={(event) => {
                  const file = event.target.files?.[0];
                  event.target.value = '';
                  if (file) send(file);
                }}
              />
              <Button variant="secondary" size="sm" busy={upload.isPending} onClick={() => fileRef.current?.click()}>
                {cover ? 'Change cover' : 'Upload cover'}
              </Button>
              {cover && (
                <Button
                  variant="link"
                  size="sm"
                  busy={remove.isPending}
                  onClick={() => {
                    setError(null);
                    remove.mutate(scriptId, { onSuccess: (saved) => store.setCover(saved.cover), onError: (e) => setError(e.message) });
                  }}
                >
                  Remove cover
                </Button>
              )}
              <p className="vox-meta vox-editor-cover__hint">PNG, JPEG, GIF or WebP, up to 10 MB. Shown on the scripts list.</p>
            </>
          ) : (
            <p className="vox-meta vox-editor-cover__hint">Save the script first, then add a cover picture.</p>
          )}
        </div>
      </div>
      {error && <Alert>{error}</Alert>}
    </section>
  );
}
