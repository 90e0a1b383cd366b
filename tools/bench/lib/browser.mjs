// Debian's Chromium (CHROMIUM_PATH), headless, for the browser benches.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { freePort, waitFor } from './server.mjs';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** Playwright's browser on that Chromium; `args` are added to its flags. */
export const launchBrowser = (args = []) => chromium.launch({ executablePath: CHROMIUM, headless: true, args });

// The flags Lighthouse's own launcher (chrome-launcher 1.x) starts Chrome with: no background
// work of the browser's own (updates, sync, translation, field trials) in the measurements.
const QUIET_FLAGS = [
  '--disable-features=Translate,OptimizationHints,MediaRouter,DialMediaRouteProvider,CalculateNativeWinOcclusion,InterestFeedContentSuggestions,CertificateTransparencyComponentUpdater,AutofillServerCommunication,PrivacySandboxSettings4,RenderDocument',
  '--disable-extensions',
  '--disable-component-extensions-with-background-pages',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-client-side-phishing-detection',
  '--disable-sync',
  '--metrics-recording-only',
  '--disable-default-apps',
  '--mute-audio',
  '--no-default-browser-check',
  '--no-first-run',
  '--disable-backgrounding-occluded-windows',
  '--disable-renderer-backgrounding',
  '--disable-background-timer-throttling',
  '--disable-ipc-flooding-protection',
  '--password-store=basic',
  '--use-mock-keychain',
  '--force-fieldtrials=*BackgroundTracing/default/',
  '--disable-hang-monitor',
  '--disable-prompt-on-repost',
  '--disable-domain-reliability',
  '--propagate-iph-for-testing',
];

/**
 * That Chromium with a DevTools port of its own (for Lighthouse, which drives it over the port),
 * started as Lighthouse's launcher starts it: `{ port, kill() }`; `kill()` also removes its
 * throw-away profile.
 */
export async function launchDebuggable(flags = []) {
  const port = await freePort();
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'vox-chromium-'));
  const child = spawn(CHROMIUM, [`--remote-debugging-port=${port}`, `--user-data-dir=${profile}`, ...QUIET_FLAGS, ...flags, 'about:blank'], { stdio: 'ignore' });
  await waitFor(`http://127.0.0.1:${port}/json/version`, 'Chromium', { child, timeoutMs: 30_000 });
  return {
    port,
    /**
     * Drops every cookie: Lighthouse's storage reset keeps them, so a page measured after a
     * logged-in one was measured as that member (a signed-in hint cookie, a refresh cookie).
     */
    async clearCookies() {
      const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
      try {
        await Promise.all(browser.contexts().map((context) => context.clearCookies()));
      } finally {
        await browser.close();
      }
    },
    // Waits for the process to be gone: until then its helpers still write into the profile,
    // and removing it raced them (ENOTEMPTY).
    async kill() {
      const exited = child.exitCode !== null ? Promise.resolve() : new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGKILL');
      await exited;
      fs.rmSync(profile, { recursive: true, force: true, maxRetries: 5, retryDelay: 100 });
    },
  };
}
