import type { Person } from '@vox/contract';
import { Avatar, type AvatarSize } from '@vox/ui';
import { usePhotoUrl } from './use-photo-url';

/** A member's round photo, or their initials (G for Guest). */
export function PersonAvatar({ person, size = 'md', decorative = true }: { person: Pick<Person, 'name' | 'photo'>; size?: AvatarSize; decorative?: boolean }) {
  const photoUrl = usePhotoUrl(person.photo);
  return <Avatar name={person.name} photoUrl={photoUrl} size={size} decorative={decorative} />;
}
