import { useEffect, useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import type { Profile } from '@vox/contract';
import { handleProblem, normalizeHandle, SOCIAL_LIMITS, SOCIAL_MESSAGES } from '@vox/contract/social';
import { Alert, Avatar, Button, profileHref } from '@vox/ui';
import { Modal, TextField } from '@vox/ui/forms';
import '@vox/ui/page-kit';
import { useCastingSettings, useUpdateCastingSettings } from '../api/casting-credits';
import { useRemovePhoto, useUpdateProfile, useUploadPhoto } from '../api/profiles';
import { PersonAvatar } from '../components/person-avatar';

const PHOTO_TYPES = 'image/png,image/jpeg,image/gif,image/webp';

/**
 * Edit my name, handle, bio and photo, and whether my profile lists the roles I was cast in
 * (saved with Save, only when changed). The handle is checked as it is typed with the server's own
 * rules (only the server knows whether it is taken); the photo is previewed before it is sent and
 * saved on its own. Every answer shows the server's text, and nothing typed is lost on a refusal.
 */
export function EditProfileDialog({ profile, onClose }: { profile: Profile; onClose(): void }) {
  const navigate = useNavigate();
  const [name, setName] = useState(profile.name ?? '');
  const [handle, setHandle] = useState(profile.handle ?? '');
  const [bio, setBio] = useState(profile.bio ?? '');
  const [photo, setPhoto] = useState<File | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const handleInput = useRef<HTMLInputElement>(null);
  const update = useUpdateProfile();
  const upload = useUploadPhoto();
  const remove = useRemovePhoto();
  const castingSettings = useCastingSettings();
  const updateCastingSettings = useUpdateCastingSettings();
  // null: as the server has it (the box is disabled until that is known).
  const [showCredits, setShowCredits] = useState<boolean | null>(null);

  useEffect(() => {
    if (!photo) return setPreview(null);
    const url = URL.createObjectURL(photo);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [photo]);

  const typedHandle = normalizeHandle(handle);
  // "already taken" is about the handle: it shows under the handle field, and only
  // for the handle that was refused (it goes as soon as the handle changes).
  const [takenHandle, setTakenHandle] = useState<string | null>(null);
  const handleError =
    (typedHandle ? handleProblem(typedHandle, SOCIAL_MESSAGES) : undefined) ?? (takenHandle !== null && takenHandle === typedHandle ? SOCIAL_MESSAGES.handleTaken : undefined);
  // A server refusal is about what was sent: it goes when anything is edited, so it never sits
  // stale above the fields' own messages.
  const edited = () => {
    if (update.isError) update.reset();
  };
  const nameError = name.trim().length > SOCIAL_LIMITS.name ? SOCIAL_MESSAGES.nameTooLong : undefined;
  const bioError = bio.trim().length > SOCIAL_LIMITS.bio ? SOCIAL_MESSAGES.bioTooLong : undefined;

  const save = async (event: FormEvent) => {
    event.preventDefault();
    if (handleError || nameError || bioError) return;
    // A chosen photo is saved with Save too (it was dropped unless Upload was pressed).
    if (photo) {
      try {
        await upload.mutateAsync(photo);
      } catch {
        return; // its text shows beside the photo; what was typed stays
      }
      setPhoto(null);
      if (fileInput.current) fileInput.current.value = '';
    }
    if (showCredits !== null && showCredits !== castingSettings.data?.showCredits) {
      try {
        await updateCastingSettings.mutateAsync({ showCredits });
      } catch {
        return; // its text shows under the box; what was typed stays
      }
    }
    update.mutate(
      { name, handle: typedHandle, bio },
      {
        onSuccess: (answer) => {
          // A new handle is a new address for this page.
          if (answer.profile.handle !== profile.handle) navigate(profileHref(answer.profile), { replace: true });
          onClose();
        },
        onError: (error) => {
          if (error.message === SOCIAL_MESSAGES.handleTaken) {
            setTakenHandle(typedHandle);
            update.reset();
            // The field now describes the refusal; focus takes a screen reader there.
            handleInput.current?.focus();
          }
        },
      },
    );
  };

  const choosePhoto = (event: ChangeEvent<HTMLInputElement>) => {
    upload.reset();
    setPhoto(event.target.files?.[0] ?? null);
  };
  const sendPhoto = () => {
    if (!photo) return;
    upload.mutate(photo, {
      onSuccess: () => {
        setPhoto(null);
        if (fileInput.current) fileInput.current.value = '';
      },
    });
  };
  const photoAnswer = upload.isError ? upload.error.message : remove.isError ? remove.error.message : null;
  const photoDone = upload.isSuccess ? 'Your new photo is saved.' : remove.isSuccess ? remove.data.message : null;

  return (
    <Modal title="Edit profile" onClose={onClose} size="md">
      <div className="vox-profile-edit">
        <section className="vox-profile-edit__photo" aria-label="Your photo">
          {preview ? <Avatar name={name} photoUrl={preview} size="xl" /> : <PersonAvatar person={{ name: profile.name, photo: profile.photo }} size="xl" decorative={false} />}
          <div className="vox-profile-edit__photo-actions">
            <label className="vox-field__label" htmlFor="vox-profile-photo">
              Photo
            </label>
            <input id="vox-profile-photo" ref={fileInput} type="file" accept={PHOTO_TYPES} onChange={choosePhoto} className="vox-profile-edit__file" />
            <p className="vox-field__hint">PNG, JPEG, GIF or WebP. It is cropped to a square{photo ? ', and saved with Save' : ''}.</p>
            <div className="vox-toolbar">
              <Button size="sm" onClick={sendPhoto} disabled={!photo} busy={upload.isPending}>
                Upload photo
              </Button>
              {profile.photo && !photo && (
                <Button size="sm" variant="secondary" onClick={() => remove.mutate(undefined)} busy={remove.isPending}>
                  Remove photo
                </Button>
              )}
            </div>
            {photoAnswer && <Alert>{photoAnswer}</Alert>}
            {photoDone && !photoAnswer && <Alert variant="success">{photoDone}</Alert>}
          </div>
        </section>

        <form className="vox-profile-edit__form" onSubmit={save} noValidate>
          <TextField
            label="Name"
            value={name}
            onChange={(e) => {
              edited();
              setName(e.target.value);
            }} autoComplete="name" error={nameError} hint="Shown as Guest when empty." />
          <TextField
            label="Handle"
            ref={handleInput}
            value={handle}
            onChange={(e) => {
              edited();
              setHandle(e.target.value);
            }}
            autoComplete="username"
            autoCapitalize="none"
            spellCheck={false}
            error={handleError}
            hint={`Your page: /members/${typedHandle || 'your-handle'} · 3 to 30 letters, digits, dots, dashes or underscores.`}
          />
          <div className="vox-field">
            <label className="vox-field__label" htmlFor="vox-profile-bio">
              Bio
            </label>
            <textarea id="vox-profile-bio" className="vox-input vox-input--ring vox-social-textarea" rows={3} value={bio}
              onChange={(e) => {
                edited();
                setBio(e.target.value);
              }} aria-invalid={bioError ? true : undefined} />
            <p className={bioError ? 'vox-social-count vox-social-count--over' : 'vox-social-count'}>
              {bio.trim().length} / {SOCIAL_LIMITS.bio}
            </p>
          </div>
          {!castingSettings.isError && (
            <label className="vox-check">
              <input
                type="checkbox"
                checked={showCredits ?? castingSettings.data?.showCredits ?? true}
                disabled={!castingSettings.data}
                onChange={(e) => {
                  updateCastingSettings.reset();
                  setShowCredits(e.target.checked);
                }}
              />
              Show the roles I was cast in on my profile
            </label>
          )}
          {updateCastingSettings.isError && <Alert>{updateCastingSettings.error.message}</Alert>}
          {update.isError && <Alert>{update.error.message}</Alert>}
          <div className="vox-toolbar vox-toolbar--end vox-profile-edit__buttons">
            <Button variant="secondary" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" busy={update.isPending || updateCastingSettings.isPending || (upload.isPending && Boolean(photo))} disabled={Boolean(handleError || nameError || bioError)}>
              Save
            </Button>
          </div>
        </form>
      </div>
    </Modal>
  );
}
