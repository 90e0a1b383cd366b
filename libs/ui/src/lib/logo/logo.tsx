import { href } from '@vox/variant';
import { SiteLink } from '../site-link/site-link';
import { MicIcon } from '../icons/icons';
import './logo.css';

interface LogoProps {
  product: string;
  /** Where the logo leads; the seed has it link to the root. */
  to?: string;
}

export function Logo({ product, to = href('home') }: LogoProps) {
  return (
    <SiteLink to={to} className="vox-logo">
      <span className="vox-logo__mark" aria-hidden="true">
        <MicIcon />
      </span>
      <span className="vox-logo__text">{product}</span>
    </SiteLink>
  );
}
