// Step D's shared 'react-router': the real tools/webpack/react-router-shared.mjs (the names the
// workspace uses, from the production build) plus the data router's two, which the real app does
// not use (its shell renders a BrowserRouter).
export * from '../../../webpack/react-router-shared.mjs';
export { createBrowserRouter, RouterProvider } from 'react-router-build';
