// Step D's shell with a <BrowserRouter> (as the real shell renders) in place of the data router (step Dbr):
// registers the one remote, and renders after the start-up refresh has ended (and
// the remote's ./App has arrived: its content is the page's largest paint). The frame (header,
// footer) is the shell's, the page's <main> the remote's, as in the real app.
import '../../src/content.css';
import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import type { ComponentType } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter, Link, Route, Routes } from 'react-router';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { Frame } from '../../src/content';
import { refreshEnded } from '../../src/refresh';

const L = ({ href, ...rest }: { href: string; className?: string; children?: React.ReactNode }) => <Link to={href} {...rest} />;

export async function start() {
  registerRemotes([{ name: 'floor', entry: new URL('/remotes/floor/remoteEntry.js', window.location.href).href }]);
  const app = loadRemote<{ default: ComponentType }>('floor/App');
  await refreshEnded();
  const Page = (await app)!.default;
  const queryClient = new QueryClient();
  createRoot(document.getElementById('root')!).render(
    <QueryClientProvider client={queryClient}>
      <BrowserRouter>
        <Frame L={L}>
          <Routes>
            <Route path="*" element={<Page />} />
          </Routes>
        </Frame>
      </BrowserRouter>
    </QueryClientProvider>,
  );
}
