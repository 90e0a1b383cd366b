// What the federation provides as the shared singleton 'react-router'. react-router 7's package
// exports always resolve to its development build, and a shared module is never tree-shaken, so
// sharing the package as-is ships ~60 KB gzip. This module re-exports only the API the workspace
// uses from the production build (aliased as 'react-router-build'), which webpack does tree-shake.
// tools/webpack/react-router-shared.spec.ts fails when code imports a name missing here.
// The shell renders a data router (createBrowserRouter, issue 11 item 2). UNSAFE_NavigationContext:
// no code of the workspace reads it any more, but the remotes built before the data router (their
// script editor's leave guard) do; keep it for one release of compatibility, then drop it.
export {
  createBrowserRouter,
  RouterProvider,
  useBlocker,
  useMatches,
  useRouteError,
  MemoryRouter,
  Routes,
  Route,
  Link,
  NavLink,
  Navigate,
  Outlet,
  useHref,
  useInRouterContext,
  useLocation,
  useMatch,
  useNavigate,
  useNavigationType,
  useOutletContext,
  useParams,
  useResolvedPath,
  useSearchParams,
  createSearchParams,
  generatePath,
  matchPath,
  UNSAFE_NavigationContext,
} from 'react-router-build';
