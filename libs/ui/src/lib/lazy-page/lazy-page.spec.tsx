import { act, render, screen } from '@testing-library/react';
import { Component, Suspense, type ReactNode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { prerenderToNodeStream } from 'react-dom/static.node';
import { lazyComponent, lazyPage } from './lazy-page';

function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

class Boundary extends Component<{ children: ReactNode }, { error: Error | null }> {
  state = { error: null as Error | null };
  static getDerivedStateFromError(error: Error) {
    return { error };
  }
  render() {
    return this.state.error ? <p>Failed: {this.state.error.message}</p> : this.props.children;
  }
}

const Hello = ({ name }: { name: string }) => <p>Hello {name}</p>;

describe('lazyComponent', () => {
  it('shows its fallback, then the component, without suspending (no Suspense boundary needed)', async () => {
    const load = deferred<{ Hello: typeof Hello }>();
    const LazyHello = lazyComponent(() => load.promise, (m) => m.Hello, <p>Loading…</p>);
    render(<LazyHello name="Ada" />);
    expect(screen.getByText('Loading…')).toBeInTheDocument();
    await act(async () => load.resolve({ Hello }));
    expect(screen.getByText('Hello Ada')).toBeInTheDocument();
    expect(screen.queryByText('Loading…')).not.toBeInTheDocument();
  });

  it('loads once for every instance, and renders at once once preloaded', async () => {
    const load = jest.fn(() => Promise.resolve({ Hello }));
    const LazyHello = lazyComponent(load, (m) => m.Hello, <p>Loading…</p>);
    await LazyHello.preload();
    await LazyHello.preload();
    render(
      <>
        <LazyHello name="Ada" />
        <LazyHello name="Grace" />
      </>,
    );
    // No fallback frame: the module was there before the first render.
    expect(screen.getByText('Hello Ada')).toBeInTheDocument();
    expect(screen.getByText('Hello Grace')).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('throws a failed load to the error boundary, and the next mount loads again', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const first = deferred<{ Hello: typeof Hello }>();
    const load = jest.fn().mockReturnValueOnce(first.promise).mockResolvedValue({ Hello });
    const LazyHello = lazyComponent(load, (m: { Hello: typeof Hello }) => m.Hello, <p>Loading…</p>);
    const { unmount } = render(
      <Boundary>
        <LazyHello name="Ada" />
      </Boundary>,
    );
    await act(async () => first.reject(new Error('ChunkLoadError: chunk 12 failed')));
    expect(screen.getByText('Failed: ChunkLoadError: chunk 12 failed')).toBeInTheDocument();
    unmount();

    render(
      <Boundary>
        <LazyHello name="Ada" />
      </Boundary>,
    );
    expect(await screen.findByText('Hello Ada')).toBeInTheDocument();
    expect(load).toHaveBeenCalledTimes(2);
  });
});

describe('lazyPage', () => {
  it('shows the page spinner while the page loads', async () => {
    const load = deferred<{ Hello: typeof Hello }>();
    const Page = lazyPage(() => load.promise, (m) => m.Hello);
    render(<Page name="Ada" />);
    expect(screen.getByRole('status')).toHaveTextContent('Loading the page');
    await act(async () => load.resolve({ Hello }));
    expect(screen.getByText('Hello Ada')).toBeInTheDocument();
  });
});

/** The HTML React's server renderer writes for `element`, once everything it waits for has come. */
async function serverHtml(element: ReactNode): Promise<string> {
  const { prelude } = await prerenderToNodeStream(element);
  let html = '';
  for await (const chunk of prelude) html += String(chunk);
  return html;
}

describe('lazyComponent on the server and in hydration', () => {
  // React's Node server renderer schedules with setImmediate, which jsdom's globals lack.
  beforeAll(() => {
    (globalThis as { setImmediate?: unknown }).setImmediate ??= (run: () => void) => setTimeout(run, 0);
  });

  it('is drawn on the server with its code, not its fallback', async () => {
    const LazyHello = lazyComponent(() => Promise.resolve({ Hello }), (m) => m.Hello, <p>Loading…</p>);
    const html = await serverHtml(
      <Suspense>
        <LazyHello name="Ada" />
      </Suspense>,
    );
    expect(html).toContain('<p>Hello <!-- -->Ada</p>');
    expect(html).not.toContain('Loading…');
  });

  it('keeps the server HTML while its code downloads, then takes that same element over', async () => {
    const html = await serverHtml(
      <Suspense>
        <Hello name="Ada" />
      </Suspense>,
    );
    const container = document.createElement('div');
    container.innerHTML = html;
    document.body.append(container);
    const serverParagraph = container.querySelector('p');
    const load = deferred<{ Hello: typeof Hello }>();
    const LazyHello = lazyComponent(() => load.promise, (m) => m.Hello, <p>Loading…</p>);
    const onRecoverableError = jest.fn();
    await act(async () => {
      hydrateRoot(
        container,
        <Suspense>
          <LazyHello name="Ada" />
        </Suspense>,
        { onRecoverableError },
      );
    });
    expect(container.textContent).toBe('Hello Ada');
    await act(async () => load.resolve({ Hello }));
    expect(container.textContent).toBe('Hello Ada');
    expect(container.querySelector('p')).toBe(serverParagraph);
    expect(onRecoverableError).not.toHaveBeenCalled();
    container.remove();
  });
});
