import { lazyComponent } from '@vox/ui';
import { usePlayer } from './player';

// The bar's code and styles load once something is to be played, not with the first route.
const LazyPlayerBar = lazyComponent(() => import('./player-bar'), (m) => m.PlayerBar);

/** Loads the bar's code ahead of use (a download fetches it, so the episode plays offline). */
export const preloadPlayerBar = () => LazyPlayerBar.preload();

/** Where the player bar goes: nothing until an episode is chosen (or restored after a reload). */
export function PlayerBarSlot() {
  const player = usePlayer();
  if (!player?.state.current) return null;
  return (
    <LazyPlayerBar />
  );
}
