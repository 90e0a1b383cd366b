import { Link } from 'react-router';
import { href } from '@vox/variant';
import { buttonClassName } from '../button/button';
import { MicIcon } from '../icons/icons';
import { Notice } from '../notice/notice';

/** Any path the site does not know. */
export function NotFoundPage() {
  return (
    <Notice
      icon={<MicIcon />}
      title="Page not found"
      actions={
        <Link to={href('home')} className={buttonClassName({ variant: 'primary', size: 'lg' })}>
          Go to the home page
        </Link>
      }
    >
      <p>This page does not exist, or it has moved. Check the address, or start again from the home page.</p>
    </Notice>
  );
}
