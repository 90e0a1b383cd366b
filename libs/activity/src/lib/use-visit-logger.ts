import { useEffect } from 'react';
import { useLocation } from 'react-router';
import type { ActivityLogger } from './activity-logger';
import { VISIT_COUNTS_AFTER_MS } from '@vox/contract';

/**
 * Logs 'visit' one second after each route change. A route left within that
 * second is not logged: the timer is cancelled by the next change, so redirects do not count.
 */
export function useVisitLogger(logger: ActivityLogger | null | undefined): void {
  const { pathname } = useLocation();
  useEffect(() => {
    if (!logger) return undefined;
    const timer = setTimeout(() => void logger.log('visit', pathname), VISIT_COUNTS_AFTER_MS);
    return () => clearTimeout(timer);
  }, [logger, pathname]);
}
