import path from 'node:path';

// index.html's first script as the build puts it together (tools/first-load/early-script.cjs). A
// file of its own: the script's click listener stays on the document for the rest of the file.
const generator = path.join(__dirname, '../../../tools/first-load/early-script.cjs');
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { earlyScript } = require(generator) as { earlyScript: () => { source: string } };

// On a page the server drew, a click on one of its buttons before the app has hydrated it is held
// and given to the button once React has attached its props there; links, and buttons drawn after
// the page was parsed, go on as they are.
describe('early-script.js: clicks on a drawn page before the app has taken it over', () => {
  const taken = jest.fn();
  beforeAll(() => {
    jest.useFakeTimers();
    (globalThis as { fetch?: unknown }).fetch = jest.fn(() => new Promise(() => undefined));
    // jsdom has no Response; the script makes the data block's answers with one.
    (globalThis as { Response?: unknown }).Response = class {};
    document.head.innerHTML = `<script type="application/json" id="vox-first-data">${JSON.stringify({ manifest: {}, publicConfig: {}, queries: [], later: [] })}</script>`;
    // The server's page, parsed (jsdom's document is): the script runs after it here.
    document.body.innerHTML =
      '<div id="root"><main><button type="button" id="log-in"><span>Log in</span></button><button type="button" id="late">Late</button><button type="button" id="replaced">Replaced</button><a href="#signup">Sign up</a></main></div>';
    new Function(earlyScript().source)();
    document.body.addEventListener('click', taken);
  });
  afterAll(() => {
    jest.useRealTimers();
    delete (globalThis as { fetch?: unknown }).fetch;
    delete (globalThis as { Response?: unknown }).Response;
  });
  beforeEach(() => taken.mockClear());

  const hydrate = (node: Element) => Object.assign(node, { ['__reactProps$abc']: {} });
  const button = (id: string) => document.getElementById(id) as HTMLButtonElement;

  it('holds a button click, and gives it to the button once React has it, once', () => {
    const first = new MouseEvent('click', { bubbles: true, cancelable: true });
    button('log-in').querySelector('span')!.dispatchEvent(first);
    button('log-in').dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true }));
    expect([first.defaultPrevented, taken.mock.calls.length]).toEqual([true, 0]);
    jest.advanceTimersByTime(500);
    expect(taken).not.toHaveBeenCalled();
    hydrate(button('log-in'));
    jest.advanceTimersByTime(50);
    expect(taken).toHaveBeenCalledTimes(1);
    jest.advanceTimersByTime(1000);
    expect(taken).toHaveBeenCalledTimes(1);
    // Hydrated, a click goes straight through.
    button('log-in').click();
    expect(taken).toHaveBeenCalledTimes(2);
  });

  it('drops a click the app has not taken within 10 s, and one on a button the app replaced', () => {
    const [late, replaced] = [button('late'), button('replaced')];
    late.click();
    replaced.click();
    replaced.remove();
    jest.advanceTimersByTime(10_100);
    hydrate(late);
    hydrate(replaced);
    jest.advanceTimersByTime(1000);
    expect(taken).not.toHaveBeenCalled();
  });

  it('leaves a link alone, and a button drawn after the page was parsed, in #root or not', () => {
    const click = new MouseEvent('click', { bubbles: true, cancelable: true });
    document.querySelector('a')!.dispatchEvent(click);
    expect(click.defaultPrevented).toBe(false);
    // The offline notice's Reload (plain DOM, on the body), and a button the app drew itself.
    const notice = document.createElement('button');
    document.body.append(notice);
    const drawnLater = document.createElement('button');
    document.querySelector('main')!.append(drawnLater);
    notice.click();
    drawnLater.click();
    expect(taken).toHaveBeenCalledTimes(3);
  });
});
