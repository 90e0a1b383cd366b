import { useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { href } from '@vox/variant';

/**
 * Back to the previous page. Opened straight from outside, there is no page of
 * ours to go back to, and history.back() would leave the site or do nothing at all, so the
 * visitor goes home instead. In the browser the router numbers its history entries (`idx` in
 * history.state), which survives a replace (a profile whose handle changed replaces its own
 * address); elsewhere (a memory router) the first entry of a load has the key 'default'.
 */
export function useGoBack(): () => void {
  const navigate = useNavigate();
  const { key } = useLocation();
  return useCallback(() => {
    const idx = (window.history.state as { idx?: unknown } | null)?.idx;
    const hasPageBefore = typeof idx === 'number' ? idx > 0 : key !== 'default';
    if (hasPageBefore) navigate(-1);
    else navigate(href('home'), { replace: true });
  }, [key, navigate]);
}
