// What the federation provides as the shared singleton 'react-router'. react-router 7's package
// exports always resolve to its development build, and a shared module is never tree-shaken, so
// sharing the package as-is ships ~60 KB gzip. This module re-exports only the API the workspace
// uses from the production build (aliased as 'react-router-build'), which webpack does tree-shake.
// apps/shell/src/federation/shared-trimmed.spec.ts fails when code imports a name missing here.
// UNSAFE_NavigationContext: the script editor's unsaved-changes guard wraps the navigator, since
// useBlocker works only under a data router and the shell renders a BrowserRouter.
export {
  BrowserRouter,
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
