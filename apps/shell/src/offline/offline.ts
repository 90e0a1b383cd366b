import { Workbox } from 'workbox-window';
import { authStore } from '@vox/auth';

/** The shell's offline texts: the badge while the browser is offline, the notice of a new version. */
const OFFLINE_TEXT = "You're offline. What you write and record is kept here and sent when you're back.";
const UPDATE_TEXT = 'A new version of VoxClub is ready.';

function offlineBadge(): void {
  const badge = document.createElement('div');
  badge.className = 'vox-offline-badge';
  badge.setAttribute('role', 'status');
  badge.dataset.offline = '';
  const show = () => {
    badge.textContent = navigator.onLine ? '' : OFFLINE_TEXT;
    badge.hidden = navigator.onLine;
  };
  show();
  addEventListener('online', show);
  addEventListener('offline', show);
  document.body.append(badge);
}

function updateNotice(wb: Workbox): void {
  const notice = document.createElement('div');
  notice.className = 'vox-update-notice';
  notice.setAttribute('role', 'status');
  notice.dataset.update = '';
  const text = document.createElement('span');
  text.textContent = UPDATE_TEXT;
  const reload = document.createElement('button');
  reload.type = 'button';
  reload.className = 'vox-update-notice__button';
  reload.textContent = 'Reload';
  reload.addEventListener('click', () => {
    reload.disabled = true;
    // The waiting worker takes over, then the page loads again under it.
    wb.addEventListener('controlling', () => location.reload());
    wb.messageSkipWaiting();
  });
  notice.append(text, reload);
  document.body.append(notice);
}

/**
 * The offline app, after the page's load event and once the browser is idle (a chunk of its own,
 * out of the first route's budget): registers the service worker (docs/offline.md), shows the
 * offline badge, the notice of a new version waiting, and tells the worker of a sign-out so the
 * reads it kept for that member go.
 */
export function startOffline(): void {
  offlineBadge();
  if (!('serviceWorker' in navigator)) return;
  const wb = new Workbox('/sw.js');
  // A new version installed beside the one serving this page: it waits for the reader's reload.
  wb.addEventListener('waiting', () => updateNotice(wb));
  void wb.register().catch(() => undefined);
  let user = authStore.getSnapshot().user?.id ?? null;
  authStore.subscribe(() => {
    const next = authStore.getSnapshot().user?.id ?? null;
    // Offline nobody signs out (the sign-out is a request); a session that failed to start then is not one.
    if (user && next !== user && navigator.onLine) wb.messageSW({ type: 'SIGNED_OUT' }).catch(() => undefined);
    user = next;
  });
}
