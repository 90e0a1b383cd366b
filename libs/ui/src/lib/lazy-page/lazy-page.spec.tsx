import { act, render, screen } from '@testing-library/react';
import { Component, type ReactNode } from 'react';
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
