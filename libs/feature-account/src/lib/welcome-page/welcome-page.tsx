import { useEffect, useId, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useUser } from '@vox/auth';
import { displayName, PICKED_SCENE_KEY } from '@vox/contract';
import { handleProblem, normalizeHandle, SOCIAL_LIMITS, SOCIAL_MESSAGES } from '@vox/contract/social';
import { Alert, Avatar, Button, buttonClassName, Page } from '@vox/ui';
import { TextField } from '@vox/ui/forms';
import { href } from '@vox/variant';
import { useHandleSuggestion, useKeepSuggestedHandle, useSaveFirstProfile, useShowcase } from '../api/welcome';
import './welcome-page.css';

const PHOTO_TYPES = 'image/png,image/jpeg,image/gif,image/webp';

/** Only paths of this site may be a `next`: no other origin, no protocol-relative URL. */
export function safeNext(next: string | null): string | null {
  if (!next || !next.startsWith('/') || next.startsWith('//') || next.startsWith('/\\')) return null;
  return next;
}

/** The demo scene a visitor chose on the front door, once (PICKED_SCENE_KEY in @vox/contract). */
function takePickedScene(): string | null {
  try {
    const picked = sessionStorage.getItem(PICKED_SCENE_KEY);
    sessionStorage.removeItem(PICKED_SCENE_KEY);
    return picked;
  } catch {
    return null;
  }
}

const errorText = (error: unknown) => (error instanceof Error && error.message ? error.message : 'Something went wrong. Try again.');

/**
 * /welcome, the first-run step right after joining: a display name, a handle suggested from the
 * email, a photo, then "Try a demo scene" or "Invite a friend". With ?next=/s/{linkId} (joining
 * from a share link) the way on leads back to the link. The suggested handle is kept as soon as
 * it arrives, so the header and the form show the same @handle from the start and "Skip for now"
 * leaves nobody a Guest to others; the form changes it.
 */
export function WelcomePage({ site }: { site?: 'podcast' }) {
  const user = useUser();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const next = safeNext(params.get('next'));
  // The podcast site asks for the name alone, then goes on to where the member was headed (or its
  // home): its members listen and publish, so the scene and friend choices are not theirs.
  const podcast = site === 'podcast';
  const onwards = () => (podcast ? navigate(next ?? href('home'), { replace: true }) : next ? navigate(next, { replace: true }) : setStep('next'));
  const [step, setStep] = useState<'profile' | 'next'>('profile');
  const [picked] = useState(takePickedScene);
  const [name, setName] = useState(user?.name ?? '');
  const [handle, setHandle] = useState(user?.handle ?? '');
  const [handleTouched, setHandleTouched] = useState(false);
  const [photo, setPhoto] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [showErrors, setShowErrors] = useState(false);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const photoId = useId();

  const suggestion = useHandleSuggestion(user?.id, Boolean(user && !user.handle));
  useEffect(() => {
    if (!handleTouched && !handle && suggestion.data?.handle) setHandle(suggestion.data.handle);
  }, [suggestion.data, handle, handleTouched]);

  // Every account has a handle from the start: the suggestion is saved at once.
  const keepSuggestion = useKeepSuggestedHandle();
  const suggested = suggestion.data?.handle;
  useEffect(() => {
    if (suggested && !user?.handle && keepSuggestion.isIdle) keepSuggestion.mutate(suggested);
  }, [suggested, user?.handle, keepSuggestion]);

  useEffect(() => {
    if (!photo) return setPreview(null);
    const url = URL.createObjectURL(photo);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [photo]);

  useEffect(() => {
    headingRef.current?.focus();
  }, [step]);

  const save = useSaveFirstProfile(() => (podcast ? onwards() : setStep('next')));

  const demo = useShowcase(step === 'next' && !next);

  if (!user) {
    return (
      <Page width="narrow">
        <h1>Welcome to VoxClub</h1>
        <p>
          <Link to={href('register')}>Sign up</Link> or <Link to={href('login')}>log in</Link> first.
        </p>
      </Page>
    );
  }

  const typedHandle = normalizeHandle(handle);
  const handleError = typedHandle ? handleProblem(typedHandle, SOCIAL_MESSAGES) : undefined;
  const nameError = name.trim().length > SOCIAL_LIMITS.name ? SOCIAL_MESSAGES.nameTooLong : undefined;

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setShowErrors(true);
    if (handleError || nameError) return;
    save.mutate({ name: name.trim(), handle: normalizeHandle(handle), photo });
  };
  const choosePhoto = (event: ChangeEvent<HTMLInputElement>) => setPhoto(event.target.files?.[0] ?? null);

  if (step === 'next') {
    // The scene the visitor chose before joining, else the shortest: the easiest first read.
    const scenes = demo.data?.scenes ?? [];
    const chosen = scenes.find((s) => s.scriptId === picked);
    const firstScene = chosen ?? scenes.reduce<(typeof scenes)[number] | undefined>((best, s) => (!best || s.lineCount < best.lineCount ? s : best), undefined);
    return (
      <Page width="narrow" className="vox-welcome">
        <h1 ref={headingRef} tabIndex={-1}>
          You&rsquo;re all set, {displayName(user)}
        </h1>
        {next ? (
          <>
            <p>Your invitation is waiting.</p>
            <div className="vox-welcome__choices">
              <Link to={next} replace className={buttonClassName({ variant: 'primary', size: 'lg' })}>
                {next.startsWith('/s/') ? 'Continue to the shared script' : 'Continue'}
              </Link>
            </div>
          </>
        ) : (
          <>
            <p>What would you like to do first?</p>
            <ul className="vox-welcome__choices" aria-label="Next steps">
              <li className="vox-welcome__choice">
                <h2>Try a demo scene</h2>
                <p>{chosen ? 'Claim a role in the scene you picked and record your first lines.' : 'Claim a role in a short public-domain scene and record your first lines.'}</p>
                <Link
                  to={firstScene ? href('script', { scriptId: firstScene.scriptId }) : href('scripts')}
                  className={buttonClassName({ variant: 'primary' })}
                >
                  {firstScene ? `Read "${firstScene.title}"` : 'Browse scripts'}
                </Link>
              </li>
              <li className="vox-welcome__choice">
                <h2>Invite a friend</h2>
                <p>Table reads are better together. Add a friend by handle or email.</p>
                <Link to={href('friends')} className={buttonClassName({ variant: 'secondary' })}>
                  Invite a friend
                </Link>
              </li>
            </ul>
          </>
        )}
      </Page>
    );
  }

  return (
    <Page width="narrow" className="vox-welcome">
      {!podcast && <p className="vox-welcome__eyebrow">Step 1 of 2</p>}
      <h1 ref={headingRef} tabIndex={-1}>
        Welcome to VoxClub
      </h1>
      <p>
        {podcast
          ? 'Tell listeners who you are. Your name shows on your channels, playlists and messages.'
          : 'Tell the club who you are. Your name shows on your reads, messages and friend requests.'}
      </p>
      <form className="vox-welcome__form" noValidate onSubmit={onSubmit}>
        {save.isError && <Alert>{errorText(save.error)}</Alert>}
        <div className="vox-welcome__photo">
          <Avatar name={name.trim() || (typedHandle ? `@${typedHandle}` : null)} photoUrl={preview} size="xl" decorative />
          <div>
            <input id={photoId} type="file" accept={PHOTO_TYPES} onChange={choosePhoto} className="vox-welcome__file" />
            <label htmlFor={photoId} className={buttonClassName({ variant: 'secondary', size: 'sm' })}>
              {photo ? 'Choose another photo' : 'Add a photo'}
            </label>
            <p className="vox-field__hint">{photo ? photo.name : 'Optional. PNG, JPEG, GIF or WebP, cropped to a square.'}</p>
          </div>
        </div>
        <TextField
          label="Display name"
          name="name"
          autoComplete="name"
          value={name}
          onChange={(e) => setName(e.target.value)}
          error={showErrors ? nameError : undefined}
          hint="Your name as others see it, e.g. Ada Lovelace."
        />
        <TextField
          label="Handle"
          name="handle"
          autoCapitalize="none"
          spellCheck={false}
          value={handle}
          onChange={(e) => {
            setHandleTouched(true);
            setHandle(e.target.value);
            save.reset();
          }}
          error={showErrors || typedHandle.length >= SOCIAL_LIMITS.handleMin ? handleError : undefined}
          hint={typedHandle ? `Your page: /members/${typedHandle}. Friends find you by it, and you can log in with it.` : 'Friends find you by it, and you can log in with it.'}
        />
        <div className="vox-welcome__actions">
          <Button type="submit" variant="primary" size="lg" busy={save.isPending}>
            Save and continue
          </Button>
          <Button variant="link" onClick={onwards}>
            Skip for now
          </Button>
        </div>
      </form>
    </Page>
  );
}
