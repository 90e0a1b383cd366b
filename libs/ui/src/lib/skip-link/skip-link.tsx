import { MAIN_CONTENT_ID } from '../shell-types';
import './skip-link.css';

/** Lets keyboard users jump past the bar to the page's <main>; visible only on focus. */
export function SkipLink() {
  return (
    <a className="vox-skip-link" href={`#${MAIN_CONTENT_ID}`}>
      Skip to content
    </a>
  );
}
