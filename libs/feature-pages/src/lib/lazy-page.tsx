import { Suspense, lazy, type ComponentType } from 'react';
import { Spinner } from '@vox/ui';

/**
 * A page whose code loads when it is first shown. The long policy and help texts stay out of
 * the first download of the sites whose first route is another page (the school site opens on
 * About); each page brings its own Suspense so callers render it like any component.
 */
export function lazyPage(load: () => Promise<ComponentType>): ComponentType {
  const Lazy = lazy(async () => ({ default: await load() }));
  function LazyPage() {
    return (
      <Suspense fallback={<Spinner label="Loading page" />}>
        <Lazy />
      </Suspense>
    );
  }
  return LazyPage;
}
