// What the app's code reads as `window`, `location` and `document` while it renders on the server
// (webpack's ProvidePlugin in tools/webpack/server.config.cjs points those names here, so the API's
// own process gets no globals). Only render-time reads are met: effects never run on the server.
// One page is drawn at a time (render.tsx, drawOneAtATime), so one location serves.
export const location = { host: '', hostname: '', origin: '', protocol: 'https:', href: '', pathname: '/', search: '', hash: '', port: '' };

export const window = { location };

export function setLocation(url: URL): void {
  Object.assign(location, {
    host: url.host,
    hostname: url.hostname,
    origin: url.origin,
    protocol: url.protocol,
    href: url.href,
    pathname: url.pathname,
    search: url.search,
    hash: '',
    port: url.port,
  });
}
