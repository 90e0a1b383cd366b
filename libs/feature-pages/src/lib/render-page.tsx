import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import { MemoryRouter } from 'react-router';

/** Renders a page inside a router, as the apps do; the pages' Links need one. Tests only. */
export function renderPage(page: ReactElement) {
  return render(<MemoryRouter>{page}</MemoryRouter>);
}
