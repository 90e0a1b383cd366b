import { useLocation } from 'react-router';
import { resolveVariant } from '@vox/variant';
import { RemoteBoundary } from './remote-boundary';

export function App() {
  const { pathname } = useLocation();
  const variant = resolveVariant(window.location.hostname, pathname);
  return <RemoteBoundary remote={variant.remote} />;
}
