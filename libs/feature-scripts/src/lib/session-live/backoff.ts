import { LIVE_TIMING } from '@vox/contract/live';

/**
 * How long to wait before reconnect attempt `attempt` (0 = the first after a drop): doubling from
 * LIVE_TIMING.retryFirstMs up to retryMaxMs, each wait jittered to 50-100 % so a restarted
 * server is not met by every reader in the same instant. `random` is injectable for tests.
 */
export function reconnectDelay(attempt: number, random: () => number = Math.random): number {
  const ceiling = Math.min(LIVE_TIMING.retryMaxMs, LIVE_TIMING.retryFirstMs * 2 ** Math.max(0, attempt));
  return Math.round(ceiling * (0.5 + random() / 2));
}
