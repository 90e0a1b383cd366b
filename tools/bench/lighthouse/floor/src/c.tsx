// Step C: B + react-router's data router (createBrowserRouter / RouterProvider) + a TanStack Query
// provider around it; links through react-router's Link.
import './content.css';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter, Link, Outlet, RouterProvider } from 'react-router';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { Frame, Main } from './content';
import { refreshEnded } from './refresh';

const L = ({ href, ...rest }: { href: string; className?: string; children?: React.ReactNode }) => <Link to={href} {...rest} />;
const queryClient = new QueryClient();

void refreshEnded().then(() => {
  const router = createBrowserRouter([
    {
      element: (
        <Frame L={L}>
          <Outlet />
        </Frame>
      ),
      children: [
        { path: '/about', element: <Main L={L} /> },
        { path: '*', element: <Main L={L} /> },
      ],
    },
  ]);
  createRoot(document.getElementById('root')!).render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
});
