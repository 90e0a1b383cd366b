import { Link } from 'react-router';
import { href } from '@vox/variant';
import { buttonClassName } from '../button/button';
import { StarIcon } from '../icons/icons';
import { Notice } from '../notice/notice';

interface PrivilegeRequiredProps {
  /** The privilege's name, e.g. "audio_library"; kept on the page for support and tests. */
  privilege: string;
  /** What the privilege unlocks, in words, e.g. "the Audio Library". */
  label: string;
  membershipHref?: string;
}

/** Shown to a signed-in user whose membership lacks what the page needs. */
export function PrivilegeRequired({ privilege, label, membershipHref = href('membership') }: PrivilegeRequiredProps) {
  return (
    <Notice
      data={{ 'data-privilege': privilege }}
      icon={<StarIcon />}
      title="Upgrade your membership"
      actions={
        // On another host (the dashboard) the membership page is the main site's.
        /^https?:\/\//.test(membershipHref) ? (
          <a href={membershipHref} className={buttonClassName({ variant: 'primary', size: 'lg' })}>
            Choose your membership
          </a>
        ) : (
          <Link to={membershipHref} className={buttonClassName({ variant: 'primary', size: 'lg' })}>
            Choose your membership
          </Link>
        )
      }
    >
      <p>{`Your membership does not include ${label}.`}</p>
      <p>Pick a membership that includes it to continue.</p>
    </Notice>
  );
}
