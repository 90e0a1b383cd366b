import fs from 'node:fs';
import path from 'node:path';
import { takeEarlyRequests, type EarlyRequests } from './early';

// Issue 19: index.html's first script (early-script.js) sends the start-up requests; main.ts
// takes its answers once, and sends them itself only when that script did not run (dev server).
describe('takeEarlyRequests', () => {
  const page = window as { __voxEarly?: EarlyRequests };
  let fetchMock: jest.Mock;
  // jsdom has no Response: the code under test only passes these along.
  const answer = () => Promise.resolve({ status: 204 } as Response);

  beforeEach(() => {
    fetchMock = jest.fn(answer);
    globalThis.fetch = fetchMock as unknown as typeof fetch;
    delete page.__voxEarly;
  });

  it("takes the first script's requests once and sends none of its own", () => {
    const started = { refresh: answer(), publicConfig: answer(), manifest: answer() };
    page.__voxEarly = started;
    expect(takeEarlyRequests()).toBe(started);
    expect(page.__voxEarly).toBeUndefined();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('sends the refresh, the public config and the manifest itself when the first script did not run', () => {
    const early = takeEarlyRequests();
    expect(Object.keys(early).sort()).toEqual(['manifest', 'publicConfig', 'refresh']);
    expect(fetchMock.mock.calls.map(([url, init]) => [url, (init as RequestInit | undefined)?.method ?? 'GET'])).toEqual([
      ['/api/users/refresh-token', 'POST'],
      ['/api/config/public', 'GET'],
      ['/remotes.json', 'GET'],
    ]);
  });

  it('early-script.js sends the very same requests as early.ts, and hands them over', () => {
    new Function(fs.readFileSync(path.join(__dirname, 'early-script.js'), 'utf8'))();
    const fromScript = fetchMock.mock.calls.splice(0);
    const handedOver = takeEarlyRequests();
    expect(Object.keys(handedOver).sort()).toEqual(['manifest', 'publicConfig', 'refresh']);
    expect(fetchMock).not.toHaveBeenCalled();
    delete page.__voxEarly;
    takeEarlyRequests();
    expect(fromScript).toEqual(fetchMock.mock.calls);
  });
});
