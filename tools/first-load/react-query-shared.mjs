// What the federation provides as the shared singleton '@tanstack/react-query'. A shared module is
// never tree-shaken (another build may ask for any of its names), so sharing the package as-is
// ships all of it: infinite queries, useQueries, hydration, suspense hooks, mutation-state hooks.
// This module re-exports only the API the workspace uses from the package itself (aliased as
// 'react-query-build'), which webpack does tree-shake (the package declares no side effects).
// apps/shell/src/federation/shared-trimmed.spec.ts fails when code imports a name missing here.
export {
  QueryClient,
  QueryClientProvider,
  keepPreviousData,
  queryOptions,
  useMutation,
  useQuery,
  useQueryClient,
} from 'react-query-build';
