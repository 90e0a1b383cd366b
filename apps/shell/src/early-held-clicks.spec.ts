import path from 'node:path';

// index.html's first script as the build puts it together (tools/first-load/early-script.cjs). A
// file of its own: the script's click listener stays on the document for the rest of the file.
const generator = path.join(__dirname, '../../../tools/first-load/early-script.cjs');
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { earlyScript } = require(generator) as { earlyScript: () => { source: string } };

// On a page the server drew, a click on one of its buttons before the app has hydrated it is held
// and given to the button once React has attached its props there; links go on as links.
describe('early-script.js: clicks on a drawn page before the app has taken it over', () => {
  beforeAll(() => {
    jest.useFakeTimers();
    (globalThis as { fetch?: unknown }).fetch = jest.fn(() => new Promise(() => undefined));
    // jsdom has no Response; the script makes the data block's answers with one.
    (globalThis as { Response?: unknown }).Response = class {};
    document.head.innerHTML = `<script type="application/json" id="vox-first-data">${JSON.stringify({ manifest: {}, publicConfig: {}, queries: [], later: [] })}</script>`;
    new Function(earlyScript().source)();
  });
  afterAll(() => {
    jest.useRealTimers();
    delete (globalThis as { fetch?: unknown }).fetch;
    delete (globalThis as { Response?: unknown }).Response;
  });

  const hydrate = (node: Element) => Object.assign(node, { ['__reactProps$abc']: {} });

  it('holds a button click, and gives it to the button once React has it, once', () => {
    document.body.innerHTML = '<main><button type="button"><span>Log in</span></button></main>';
    const button = document.querySelector('button')!;
    const taken = jest.fn();
    document.body.addEventListener('click', taken);
    const first = new MouseEvent('click', { bubbles: true, cancelable: true });
    button.querySelector('span')!.dispatchEvent(first);
    button.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true }));
    expect([first.defaultPrevented, taken.mock.calls.length]).toEqual([true, 0]);
    jest.advanceTimersByTime(500);
    expect(taken).not.toHaveBeenCalled();
    hydrate(button);
    jest.advanceTimersByTime(50);
    expect(taken).toHaveBeenCalledTimes(1);
    jest.advanceTimersByTime(1000);
    expect(taken).toHaveBeenCalledTimes(1);
    // Hydrated, a click goes straight through.
    button.click();
    expect(taken).toHaveBeenCalledTimes(2);
    document.body.removeEventListener('click', taken);
  });

  it('drops a click the app has not taken within 10 s, and one on a button the app replaced', () => {
    document.body.innerHTML = '<button type="button">Late</button><button type="button">Replaced</button>';
    const [late, replaced] = [...document.querySelectorAll('button')];
    const taken = jest.fn();
    document.body.addEventListener('click', taken);
    late.click();
    replaced.click();
    replaced.remove();
    jest.advanceTimersByTime(10_100);
    hydrate(late);
    hydrate(replaced);
    jest.advanceTimersByTime(1000);
    expect(taken).not.toHaveBeenCalled();
    document.body.removeEventListener('click', taken);
  });

  it('leaves a link alone', () => {
    document.body.innerHTML = '<a href="#signup">Sign up</a>';
    const click = new MouseEvent('click', { bubbles: true, cancelable: true });
    document.querySelector('a')!.dispatchEvent(click);
    expect(click.defaultPrevented).toBe(false);
  });
});
