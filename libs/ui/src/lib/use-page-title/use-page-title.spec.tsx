import { useState } from 'react';
import { act, render } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { usePageTitle } from './use-page-title';

let setName: (name: string | null) => void = () => undefined;
function Named({ initial }: { initial: string | null }) {
  const [name, set] = useState(initial);
  setName = set;
  usePageTitle(name);
  return null;
}

describe('usePageTitle', () => {
  beforeEach(() => {
    document.title = 'Profile · VoxClub';
  });

  it('keeps the route’s title until the page has a name, then names it with the site’s product name', () => {
    render(
      <MemoryRouter initialEntries={['/members/ada']}>
        <Named initial={null} />
      </MemoryRouter>,
    );
    expect(document.title).toBe('Profile · VoxClub');
    act(() => setName('Ada Lovelace'));
    expect(document.title).toBe('Ada Lovelace · VoxClub');
    act(() => setName('   '));
    expect(document.title).toBe('Ada Lovelace · VoxClub');
  });
});
