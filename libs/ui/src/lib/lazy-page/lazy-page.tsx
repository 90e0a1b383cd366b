import { lazy, Suspense, type ComponentType, type ReactNode } from 'react';
import { Page } from '../page/page';
import { Spinner } from '../spinner/spinner';

/**
 * A page whose code loads on first use, so the first route stays inside the bundle budget.
 * React.lazy keeps a failed load for good; here a failure starts a fresh lazy component, so the
 * shell's Retry (after a ChunkLoadError) really loads the page again.
 */
export function lazyPage<M, P extends object = object>(load: () => Promise<M>, pick: (module: M) => ComponentType<P>) {
  const fresh = () =>
    lazy(() =>
      load().then(
        (module) => ({ default: pick(module) }),
        (error: unknown) => {
          Current = fresh();
          throw error;
        },
      ),
    );
  let Current = fresh();
  return function LazyPage(props: P) {
    return <Current {...props} />;
  };
}

/** What shows while a page's code downloads. */
export function PageSuspense({ children }: { children: ReactNode }) {
  return (
    <Suspense
      fallback={
        <Page centered>
          <Spinner size="lg" label="Loading the page" />
        </Page>
      }
    >
      {children}
    </Suspense>
  );
}
