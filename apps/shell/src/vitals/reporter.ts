import { onCLS, onFCP, onINP, onLCP, onTTFB, type Metric } from 'web-vitals';
import type { PublicConfig, VitalsBeacon, VitalsConnection, VitalMetric } from '@vox/contract';
import { BUILT_IN_VERSION, VITAL_MAX_VALUES, VITALS_CONNECTIONS, vitalsEndpoints } from '@vox/contract/vitals';
import { matchRoute, type TableSite } from '@vox/site-routes';
import { resolveVariant } from '@vox/variant';

/**
 * Real-user web vitals (docs/metrics.md): LCP, INP, CLS, FCP and TTFB as web-vitals measures them,
 * each reported once final (web-vitals' default, reportAllChanges off), collected here and sent in
 * one beacon when the page is hidden (visibilitychange to hidden, or pagehide), with
 * navigator.sendBeacon, which outlives the page. A sampled share of page views (the public
 * config's vitalsSampleRate) report. This module is a chunk of its own that the shell imports
 * after the page's load event, when the browser is idle, so no first route carries it.
 */

/** The page's first data block (web-apps.ts, withFirstData): the manifest and public config. */
interface FirstData {
  manifest?: Record<string, string>;
  publicConfig?: PublicConfig;
}

function firstData(): FirstData {
  try {
    return JSON.parse(document.getElementById('vox-first-data')?.textContent ?? '{}') as FirstData;
  } catch {
    return {};
  }
}

const hex = (bytes: ArrayBuffer) => [...new Uint8Array(bytes)].map((b) => b.toString(16).padStart(2, '0')).join('');

/** The entry URL's `v` parameter, when it is a tag the API takes. */
function givenVersion(entry: string): string | null {
  const given = new URL(entry, location.href).searchParams.get('v');
  return given && /^[A-Za-z0-9][A-Za-z0-9._-]{0,39}$/.test(given) ? given : null;
}

/**
 * A remote's version: the entry URL's `v` parameter when the manifest names one, else the first
 * 8 hex digits of the SHA-256 of its remoteEntry.js (from the HTTP cache: the federation runtime
 * has just loaded it). The entry names every chunk with its content hash, so it changes with any
 * change to the remote.
 */
async function remoteVersion(entry: string | undefined): Promise<string> {
  if (!entry) return 'unknown';
  const url = new URL(entry, location.href);
  const given = givenVersion(entry);
  if (given) return given;
  try {
    const body = await (await fetch(url, { cache: 'force-cache' })).arrayBuffer();
    return hex(await crypto.subtle.digest('SHA-256', body)).slice(0, 8);
  } catch {
    return 'unknown';
  }
}

/** The shell's build: the content hash in its entry's file name (static/js/main.<hash>.js), `dev` without one. */
function shellVersion(): string {
  const src = document.querySelector<HTMLScriptElement>('script[src*="static/js/main."]')?.src ?? '';
  return /main\.([0-9a-f]{8})\.js/.exec(src)?.[1] ?? 'dev';
}

/** Mobile when User-Agent Client Hints say so or the viewport is a phone's (the page then has the phone layout). */
function deviceClass(): VitalsBeacon['device'] {
  const hints = (navigator as { userAgentData?: { mobile?: boolean } }).userAgentData;
  return hints?.mobile || matchMedia('(max-width: 767px)').matches ? 'mobile' : 'desktop';
}

function connectionType(): VitalsConnection {
  const type = (navigator as { connection?: { effectiveType?: string } }).connection?.effectiveType;
  return VITALS_CONNECTIONS.find((known) => known === type) ?? 'unknown';
}

async function start() {
  const data = firstData();
  const config = data.publicConfig ?? ((await (await fetch('/api/config/public')).json()) as PublicConfig);
  // The browser tests read whether this page view reports, and when it is ready to (as they read
  // the shell's data-auth-store).
  const marks = document.documentElement.dataset;
  if (Math.random() >= (config.vitalsSampleRate ?? 1)) {
    marks.vitals = 'off';
    return;
  }

  // The page view's tags: the path the document was loaded at (the vitals are the load's), by
  // its route id in the table; the dashboard's pages are one route of the shell.
  const loaded = new URL((performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming | undefined)?.name ?? location.href);
  const variant = resolveVariant(location.hostname, loaded.pathname);
  const site = resolveVariant(location.hostname, '/').remote;
  const manifest = data.manifest ?? ((await (await fetch('/remotes.json', { cache: 'force-cache' })).json()) as Record<string, string>);
  const tags = {
    site,
    // Off the dashboard, the remote is the site of the table the host serves (the shell's hostSite);
    // importing that from the app would keep the bootstrap chunk from inlining its module.
    route: variant.page === 'dashboard' ? 'dashboard' : (matchRoute(loaded.pathname, variant.remote as TableSite)?.id ?? 'notFound'),
    remote: variant.remote,
    remoteVersion: await remoteVersion(manifest[variant.remote]),
    shellVersion: shellVersion(),
    device: deviceClass(),
    connection: connectionType(),
  };

  const queued = new Map<VitalMetric, number>();
  const collect = (metric: Metric) => {
    if (metric.value >= 0 && metric.value <= VITAL_MAX_VALUES[metric.name as VitalMetric]) queued.set(metric.name as VitalMetric, metric.value);
  };
  for (const on of [onLCP, onINP, onCLS, onFCP, onTTFB]) on(collect);
  // Added after web-vitals' own listeners, so the values it reports on hiding are in this beacon.
  const flush = () => {
    if (document.visibilityState !== 'hidden' || queued.size === 0) return;
    // The version drawn: the manifest's fallback when the live version failed to load
    // (federation/fallback.ts, which may have ended after this started): its `v`, or the built-in remote.
    const fallback = marks.fallbackRemote === variant.remote && marks.fallbackEntry;
    const drawn = fallback ? (givenVersion(fallback) ?? BUILT_IN_VERSION) : tags.remoteVersion;
    const beacon: VitalsBeacon = { ...tags, remoteVersion: drawn, metrics: [...queued].map(([name, value]) => ({ name, value })) as VitalsBeacon['metrics'] };
    queued.clear();
    navigator.sendBeacon(vitalsEndpoints.reportVitals.path, JSON.stringify(beacon));
  };
  document.addEventListener('visibilitychange', flush);
  addEventListener('pagehide', flush);
  marks.vitals = 'reporting';
}

void start().catch(() => undefined);
