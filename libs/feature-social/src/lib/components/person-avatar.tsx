import { usePhotoUrl } from '@vox/api-client';
import type { Person } from '@vox/contract';
import { Avatar, type AvatarSize } from '@vox/ui';

/** A member's round photo, or their initials (G for Guest). */
export function PersonAvatar({ person, size = 'md', decorative = true }: { person: Pick<Person, 'name' | 'photo'>; size?: AvatarSize; decorative?: boolean }) {
  const photoUrl = usePhotoUrl(person.photo);
  return <Avatar name={person.name} photoUrl={photoUrl} size={size} decorative={decorative} />;
}
