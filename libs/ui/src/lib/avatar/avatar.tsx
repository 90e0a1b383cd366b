import { useState } from 'react';
import { cx } from '../class-names';
import './avatar.css';

export type AvatarSize = 'sm' | 'md' | 'lg' | 'xl';

interface AvatarProps {
  name?: string | null;
  photoUrl?: string | null;
  size?: AvatarSize;
  /** Hide it from screen readers when the surrounding control already names the person. */
  decorative?: boolean;
  className?: string;
}

const GUEST_NAME = 'Guest';

/** Up to two letters from the first and last word, e.g. "Ada Lovelace" -> "AL", "@ada" -> "A". */
export function initialsOf(name: string | null | undefined): string {
  const words = (name ?? '').trim().replace(/^@/, '').split(/\s+/).filter(Boolean);
  if (words.length === 0) return GUEST_NAME[0];
  const first = Array.from(words[0])[0] ?? '';
  const last = words.length > 1 ? (Array.from(words[words.length - 1])[0] ?? '') : '';
  return (first + last).toUpperCase();
}

/** A round photo, or the person's initials when there is no photo or it fails to load. */
export function Avatar({ name, photoUrl, size = 'md', decorative = false, className }: AvatarProps) {
  const [failedUrl, setFailedUrl] = useState<string | null>(null);
  const label = name?.trim() || GUEST_NAME;
  const showPhoto = Boolean(photoUrl) && failedUrl !== photoUrl;
  const classes = cx('vox-avatar', `vox-avatar--${size}`, className);

  if (showPhoto && photoUrl) {
    return (
      <img
        className={cx(classes, 'vox-avatar--photo')}
        src={photoUrl}
        alt={decorative ? '' : label}
        onError={() => setFailedUrl(photoUrl)}
        draggable={false}
      />
    );
  }
  return (
    <span
      className={cx(classes, 'vox-avatar--initials')}
      role={decorative ? undefined : 'img'}
      aria-label={decorative ? undefined : label}
      aria-hidden={decorative || undefined}
    >
      {initialsOf(name)}
    </span>
  );
}
