import { Link, type To } from 'react-router';
import { Button, buttonClassName } from '../button/button';

interface PagerProps {
  page: number;
  pages: number;
  /** Pages that are addresses (shareable, Back goes to the previous page): each one's link. */
  to?: (page: number) => To;
  /** Pages held in the component's state: what a click does. */
  onPage?: (page: number) => void;
  /** The two buttons' words, e.g. Newer / Older on a list newest first. */
  previous?: string;
  next?: string;
}

/**
 * "Previous · Page 2 of 3 · Next" under a list, shown when there is more than one page. At either
 * end its button stays in place, disabled, so the other one does not move under the pointer.
 */
export function Pager({ page, pages, to, onPage, previous = 'Previous', next = 'Next' }: PagerProps) {
  if (pages <= 1) return null;
  const shown = Math.min(page, pages);
  const step = (target: number, label: string, off: boolean) => {
    if (!to) {
      return (
        <Button variant="secondary" size="sm" disabled={off} onClick={() => onPage?.(target)}>
          {label}
        </Button>
      );
    }
    return (
      <Link
        to={to(target)}
        className={buttonClassName({ variant: 'secondary', size: 'sm' })}
        aria-disabled={off || undefined}
        tabIndex={off ? -1 : undefined}
        onClick={(event) => off && event.preventDefault()}
      >
        {label}
      </Link>
    );
  };
  return (
    <nav className="vox-pager" aria-label="Pages">
      {step(shown - 1, previous, shown <= 1)}
      <span className="vox-pager__page" aria-live="polite">
        Page {shown} of {pages}
      </span>
      {step(shown + 1, next, shown >= pages)}
    </nav>
  );
}
