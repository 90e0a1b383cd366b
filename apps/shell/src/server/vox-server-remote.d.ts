// The remote's ./App the server render module is built with (tools/webpack/server.config.cjs).
declare module 'vox-server-remote' {
  import type { ComponentType, ReactNode } from 'react';
  export const Frame: ComponentType<{ children: ReactNode }> | undefined;
  export const Page: ComponentType<{ route: string | null }> | undefined;
  const App: ComponentType | undefined;
  export default App;
}
