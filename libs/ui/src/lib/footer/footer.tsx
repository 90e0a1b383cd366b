import { Link } from 'react-router';
import { href } from '@vox/variant';
import './footer.css';

interface FooterProps {
  product: string;
  /** Defaults to the current year; tests pin it. */
  year?: number;
}

export function Footer({ product, year = new Date().getFullYear() }: FooterProps) {
  return (
    <footer className="vox-footer">
      <div className="vox-footer__inner">
        <p className="vox-footer__copyright">{`© ${year} ${product}`}</p>
        <nav aria-label="Legal">
          <ul className="vox-footer__links">
            <li>
              <Link to={href('terms')}>Terms of Service</Link>
            </li>
            <li>
              <Link to={href('privacy')}>Privacy Policy</Link>
            </li>
            <li>
              <Link to={href('contact')}>Contact Us</Link>
            </li>
          </ul>
        </nav>
      </div>
    </footer>
  );
}
