import { usePhotoUrl } from '@vox/api-client';
import { displayName, type Person } from '@vox/contract';
import { Avatar, type AvatarSize } from '@vox/ui';

/** A member's round photo, or the initials of their name by the one person-name rule (G for Guest). */
export function PersonAvatar({ person, size = 'md', decorative = true }: { person: Pick<Person, 'name' | 'photo'> & { handle?: string | null }; size?: AvatarSize; decorative?: boolean }) {
  const photoUrl = usePhotoUrl(person.photo);
  return <Avatar name={displayName(person)} photoUrl={photoUrl} size={size} decorative={decorative} />;
}
