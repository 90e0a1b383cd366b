import { useEffect, useId, useRef, useState, type FocusEvent, type KeyboardEvent } from 'react';
import { useLocation } from 'react-router';
import { MenuIcon } from '../icons/icons';
import { SiteLink } from '../site-link/site-link';
import { siteMenuEntries, type SiteMenuEntry, type SiteMenuOptions } from './site-menu-entries';
import './site-menu.css';

interface SiteMenuProps extends SiteMenuOptions {
  onSignOut(): void;
  /** Accessible name and visible text of the toggle button. */
  label?: string;
}

/**
 * The site menu: a disclosure button that shows a panel of navigation links.
 *
 * It follows the disclosure-navigation pattern rather than role="menu", because its
 * entries are ordinary links that screen readers should announce as links. Arrow keys
 * still move between entries for people used to menus.
 */
export function SiteMenu({ onSignOut, label = 'Menu', ...options }: SiteMenuProps) {
  const location = useLocation();
  // The menu remembers the location it was opened at, so any navigation closes it
  // (history back to that same entry included) without an effect watching the router.
  const [openAt, setOpenAt] = useState<string | null>(null);
  if (openAt !== null && openAt !== location.key) setOpenAt(null);
  const open = openAt === location.key;
  const focusFirstOnOpen = useRef(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const panelId = useId();
  const groups = siteMenuEntries(options);

  const close = (returnFocus: boolean) => {
    setOpenAt(null);
    if (returnFocus) buttonRef.current?.focus();
  };

  useEffect(() => {
    if (!open) return undefined;
    const onPointerDown = (event: PointerEvent | MouseEvent) => {
      if (event.target instanceof Node && !rootRef.current?.contains(event.target)) setOpenAt(null);
    };
    // pointerdown closes at once on touch; mousedown covers browsers without pointer events.
    document.addEventListener('pointerdown', onPointerDown);
    document.addEventListener('mousedown', onPointerDown);
    return () => {
      document.removeEventListener('pointerdown', onPointerDown);
      document.removeEventListener('mousedown', onPointerDown);
    };
  }, [open]);

  const items = () => Array.from(rootRef.current?.querySelectorAll<HTMLElement>('.vox-menu__item') ?? []);

  const focusItem = (index: number) => {
    const list = items();
    if (list.length === 0) return;
    list[(index + list.length) % list.length].focus();
  };

  const onRootKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (!open) return;
    if (event.key === 'Escape') {
      event.preventDefault();
      // Without this an enclosing Modal would also take the Escape.
      event.stopPropagation();
      close(true);
      return;
    }
    const list = items();
    const current = list.indexOf(document.activeElement as HTMLElement);
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      focusItem(current + 1);
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      focusItem(current === -1 ? -1 : current - 1);
    } else if (event.key === 'Home' && current !== -1) {
      event.preventDefault();
      focusItem(0);
    } else if (event.key === 'End' && current !== -1) {
      event.preventDefault();
      focusItem(-1);
    }
  };

  const onButtonKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (event.key === 'ArrowDown' && !open) {
      event.preventDefault();
      focusFirstOnOpen.current = true;
      setOpenAt(location.key);
    }
  };

  // The panel exists only after the open state commits, so focus moves here.
  useEffect(() => {
    if (open && focusFirstOnOpen.current) {
      focusFirstOnOpen.current = false;
      rootRef.current?.querySelector<HTMLElement>('.vox-menu__item')?.focus();
    }
  }, [open]);

  // Tabbing past the last entry leaves the menu, which then has nothing left to show.
  const onBlur = (event: FocusEvent<HTMLDivElement>) => {
    const next = event.relatedTarget;
    if (open && next instanceof Node && !event.currentTarget.contains(next)) setOpenAt(null);
  };

  const renderEntry = (entry: SiteMenuEntry) => {
    switch (entry.kind) {
      case 'link':
        return (
          <SiteLink className="vox-menu__item" to={entry.to} site={entry.site} onClick={() => close(false)}>
            {entry.label}
          </SiteLink>
        );
      case 'sign-out':
        return (
          <button
            type="button"
            className="vox-menu__item vox-menu__item--danger"
            onClick={() => {
              close(false);
              onSignOut();
            }}
          >
            {entry.label}
          </button>
        );
    }
  };

  return (
    <div className="vox-menu" ref={rootRef} onKeyDown={onRootKeyDown} onBlur={onBlur}>
      <button
        ref={buttonRef}
        type="button"
        className="vox-menu__button"
        aria-expanded={open}
        aria-controls={open ? panelId : undefined}
        onClick={() => setOpenAt(open ? null : location.key)}
        onKeyDown={onButtonKeyDown}
      >
        <MenuIcon />
        <span className="vox-menu__button-text">{label}</span>
      </button>
      {open && (
        <nav id={panelId} className="vox-menu__panel" aria-label={label}>
          {groups.map((group, groupIndex) => (
            <ul key={groupIndex} className="vox-menu__group">
              {group.map((entry) => (
                <li key={entry.label}>{renderEntry(entry)}</li>
              ))}
            </ul>
          ))}
        </nav>
      )}
    </div>
  );
}
