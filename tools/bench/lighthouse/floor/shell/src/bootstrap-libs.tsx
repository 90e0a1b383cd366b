// Step Dlibs: D' (a <BrowserRouter>) plus the workspace libs the real shell loads on /about, shared
// as the real shell shares them (whole: shared modules are not tree-shaken), only evaluated, not used.
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
import * as lib0 from '@vox/activity';
import * as lib1 from '@vox/api-client';
import * as lib2 from '@vox/contract';
import * as lib3 from '@vox/auth';
import * as lib4 from '@vox/privileges';
import * as lib5 from '@vox/ui';
import * as lib6 from '@vox/feature-notifications';
import * as lib7 from '@vox/notifications-data';
import * as lib8 from '@vox/site-routes';
import * as lib9 from '@vox/variant';

// Kept: each lib's module runs before the first render, as in the real shell.
(window as { __floorLibs?: unknown }).__floorLibs = [lib0, lib1, lib2, lib3, lib4, lib5, lib6, lib7, lib8, lib9];

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
