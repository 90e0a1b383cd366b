import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { documentTitle, resolveVariant } from '@vox/variant';

/**
 * A page that shows one thing names it in the tab once it has it ("Ada Lovelace · VoxClub", a
 * read by its script's title). Until then, and for a falsy name, the route's title stays (the
 * shell sets it in a layout effect on every route change, so this effect, later, wins).
 */
export function usePageTitle(name: string | null | undefined): void {
  const { pathname } = useLocation();
  useEffect(() => {
    if (!name?.trim()) return;
    document.title = documentTitle(name, resolveVariant(window.location.host, pathname).site);
  }, [name, pathname]);
}
