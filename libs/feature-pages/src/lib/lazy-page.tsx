import type { ComponentType } from 'react';
import { PageSuspense, lazyPage } from '@vox/ui';

/**
 * A content page whose code loads when it is first shown. The long policy and help texts stay
 * out of the first download of sites whose first route is another page (the school site opens
 * on About); each page brings its own Suspense so callers render it like any component.
 */
export function lazyContentPage(load: () => Promise<ComponentType>): ComponentType {
  const Lazy = lazyPage(load, (Page) => Page);
  return function LazyContentPage() {
    return (
      <PageSuspense>
        <Lazy />
      </PageSuspense>
    );
  };
}
