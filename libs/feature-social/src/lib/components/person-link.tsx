import { Link } from 'react-router';
import { displayName, type Person } from '@vox/contract';
import { profileHref } from '@vox/ui';
import { PersonAvatar } from './person-avatar';
import './social.css';

/** Avatar, name (Guest when missing) and @handle, linking to the member's profile. */
export function PersonLink({ person, detail }: { person: Person; detail?: string }) {
  return (
    <Link to={profileHref(person)} className="vox-social-person">
      <PersonAvatar person={person} />
      <span className="vox-social-person__text">
        <span className="vox-social-person__name">{displayName(person)}</span>
        {(person.handle || detail) && (
          <span className="vox-social-person__detail">{[person.handle && `@${person.handle}`, detail].filter(Boolean).join(' · ')}</span>
        )}
      </span>
    </Link>
  );
}
