import { Link } from 'react-router';
import { displayName, type Person } from '@vox/contract';
import { profileHref } from '@vox/ui';
import { PersonAvatar } from './person-avatar';
import './social.css';

/** Avatar, name (the person-name rule) and @handle, linking to the member's profile. */
export function PersonLink({ person, detail }: { person: Person; detail?: string }) {
  const name = displayName(person);
  // Without a name the handle already is the name shown; it is not repeated under it.
  const handle = person.handle && name !== `@${person.handle}` ? `@${person.handle}` : undefined;
  return (
    <Link to={profileHref(person)} className="vox-social-person">
      <PersonAvatar person={person} />
      <span className="vox-social-person__text">
        <span className="vox-social-person__name">{name}</span>
        {(handle || detail) && <span className="vox-social-person__detail">{[handle, detail].filter(Boolean).join(' · ')}</span>}
      </span>
    </Link>
  );
}
