import { useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router';

/**
 * Back to the previous page (seed section 8). Opened straight from outside, there is no page of
 * ours to go back to, and history.back() would leave the site or do nothing at all, so the
 * visitor goes home instead. React Router gives the first entry of a page load the key 'default'.
 */
export function useGoBack(): () => void {
  const navigate = useNavigate();
  const { key } = useLocation();
  return useCallback(() => {
    if (key === 'default') navigate('/', { replace: true });
    else navigate(-1);
  }, [key, navigate]);
}
