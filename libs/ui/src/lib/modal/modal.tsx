import { useEffect, useId, useRef, type MouseEvent, type ReactNode } from 'react';
import { CloseIcon, cx } from '../main-entry';
import { focusableIn } from './focusable';
import './modal.css';

interface ModalProps {
  title: ReactNode;
  /** Called by Escape, the close button and a click on the backdrop. */
  onClose(): void;
  children?: ReactNode;
  /** A short line under the title, read as the dialog's description. */
  description?: ReactNode;
  size?: 'sm' | 'md' | 'lg';
  closeLabel?: string;
  className?: string;
}

// Several dialogs may be open at once (a confirm over a form): only the top one answers
// keys, and the page stays locked until the last one closes.
const openDialogs: HTMLElement[] = [];

/**
 * An accessible modal dialog. Mount it to open it and unmount it to close it.
 *
 * It renders in place rather than through a portal so it stays inside the ThemeRoot and
 * picks up the theme's custom properties; the fixed overlay covers the page either way.
 */
export function Modal({ title, onClose, children, description, size = 'sm', closeLabel = 'Close', className }: ModalProps) {
  const titleId = useId();
  const descriptionId = useId();
  const dialogRef = useRef<HTMLDivElement>(null);
  const onCloseRef = useRef(onClose);
  const pressStartedOnBackdrop = useRef(false);
  // The element that had focus when the dialog opened, read during the first render: a field
  // with autoFocus takes focus during commit, before any effect could see the opener.
  const openerRef = useRef<HTMLElement | null | undefined>(undefined);
  if (openerRef.current === undefined) {
    openerRef.current = typeof document !== 'undefined' && document.activeElement instanceof HTMLElement && document.activeElement !== document.body ? document.activeElement : null;
  }

  useEffect(() => {
    onCloseRef.current = onClose;
  }, [onClose]);

  useEffect(() => {
    const dialog = dialogRef.current;
    if (!dialog) return undefined;
    const opener = openerRef.current ?? null;

    // A field with autoFocus has already taken focus during commit; keep it there.
    if (!dialog.contains(document.activeElement)) {
      const preferred = dialog.querySelector<HTMLElement>('[data-autofocus]');
      const firstInBody = focusableIn(dialog).find((el) => !el.classList.contains('vox-modal__close'));
      (preferred ?? firstInBody ?? dialog).focus();
    }

    openDialogs.push(dialog);
    document.body.classList.add('vox-scroll-lock');

    const onKeyDown = (event: KeyboardEvent) => {
      if (openDialogs[openDialogs.length - 1] !== dialog) return;
      if (event.key === 'Escape') {
        event.preventDefault();
        onCloseRef.current();
        return;
      }
      if (event.key !== 'Tab') return;
      const items = focusableIn(dialog);
      if (items.length === 0) {
        event.preventDefault();
        dialog.focus();
        return;
      }
      const first = items[0];
      const last = items[items.length - 1];
      const active = document.activeElement;
      if (event.shiftKey && (active === first || active === dialog || !dialog.contains(active))) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && (active === last || !dialog.contains(active))) {
        event.preventDefault();
        first.focus();
      }
    };
    // Focus that escapes anyway (a click outside the browser, a script) is pulled back in.
    const onFocusIn = (event: FocusEvent) => {
      if (openDialogs[openDialogs.length - 1] !== dialog) return;
      if (event.target instanceof Node && !dialog.contains(event.target)) dialog.focus();
    };

    document.addEventListener('keydown', onKeyDown);
    document.addEventListener('focusin', onFocusIn);
    return () => {
      document.removeEventListener('keydown', onKeyDown);
      document.removeEventListener('focusin', onFocusIn);
      openDialogs.splice(openDialogs.indexOf(dialog), 1);
      if (openDialogs.length === 0) document.body.classList.remove('vox-scroll-lock');
      if (opener && opener.isConnected) opener.focus();
      // The opener is gone, now or in the render that follows (Log in became the page itself
      // after signing in): the page's main content takes focus instead of the body, so keyboard
      // users continue where they were.
      const toMain = () => {
        const active = document.activeElement;
        if (openDialogs.length === 0 && (!active || active === document.body || !active.isConnected)) {
          document.querySelector<HTMLElement>('main, [role="main"]')?.focus({ preventScroll: true });
        }
      };
      toMain();
      // The page behind may swap its <main> while a lazy chunk loads: check again a few times.
      for (const wait of [100, 500, 1500]) window.setTimeout(toMain, wait);
    };
  }, []);

  // Only a press that both starts and ends on the backdrop closes the dialog, so a text
  // selection dragged out of a field does not throw away what was typed.
  const onBackdropMouseDown = (event: MouseEvent<HTMLDivElement>) => {
    pressStartedOnBackdrop.current = event.target === event.currentTarget;
  };
  const onBackdropClick = (event: MouseEvent<HTMLDivElement>) => {
    if (pressStartedOnBackdrop.current && event.target === event.currentTarget) onClose();
    pressStartedOnBackdrop.current = false;
  };

  return (
    <div className="vox-modal" onMouseDown={onBackdropMouseDown} onClick={onBackdropClick}>
      <div
        ref={dialogRef}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        aria-describedby={description ? descriptionId : undefined}
        tabIndex={-1}
        className={cx('vox-modal__dialog', `vox-modal__dialog--${size}`, className)}
      >
        <div className="vox-modal__header">
          <div className="vox-modal__heading">
            <h2 id={titleId} className="vox-modal__title">
              {title}
            </h2>
            {description && (
              <p id={descriptionId} className="vox-modal__description">
                {description}
              </p>
            )}
          </div>
          <button type="button" className="vox-icon-button vox-modal__close" aria-label={closeLabel} title={closeLabel} onClick={onClose}>
            <CloseIcon />
          </button>
        </div>
        <div className="vox-modal__body">{children}</div>
      </div>
    </div>
  );
}
