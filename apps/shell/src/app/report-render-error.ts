import { api } from '@vox/api-client';
import { coreEndpoints } from '@vox/contract';

const cap = (text: string | null | undefined, max: number) => (text ? text.slice(0, max) : undefined);

/**
 * Sends a page's render error to the server's log (POST /api/client-errors). Loaded only when a
 * page has failed, so no first route carries it. A report that cannot be sent is dropped: the
 * member already sees the page's own failure and its Try again.
 */
export function reportRenderError(error: Error, componentStack: string | null | undefined, route: string | undefined, remote: string | undefined): void {
  const body = {
    message: cap(error.message || String(error), 2000) ?? 'Unknown error',
    stack: cap(error.stack, 8000),
    componentStack: cap(componentStack, 8000),
    route: cap(route, 200),
    remote: cap(remote, 40),
  };
  api.call(coreEndpoints.reportRenderError, { body }).catch(() => undefined);
}
