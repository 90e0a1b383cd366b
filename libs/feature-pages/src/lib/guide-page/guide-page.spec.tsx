import { screen, within } from '@testing-library/react';
import { renderPage } from '../render-page';
import { GuidePage } from './guide-page';

describe('GuidePage', () => {
  it('has the menu title as its one level-1 heading, in the main landmark', () => {
    renderPage(<GuidePage />);
    expect(screen.getByRole('main')).toBeInTheDocument();
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(screen.getByRole('heading', { level: 1, name: 'Guide to create and upload a script' })).toBeInTheDocument();
  });

  it('walks through the steps in order, as level-2 sections', () => {
    renderPage(<GuidePage />);
    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual([
      '1. Create a script',
      '2. Import a screenplay in Fountain',
      '3. Choose who can see it',
      '4. Start a table read',
      '5. Record your takes line by line',
      '6. Invite friends into a role',
      '7. Tips for good recordings',
    ]);
  });

  it('shows a Fountain example with a scene heading, character, parenthetical and dialogue', () => {
    renderPage(<GuidePage />);
    const figure = screen.getByRole('figure');
    expect(within(figure).getByText(/^A scene in Fountain/)).toBeInTheDocument();
    const example = figure.querySelector('pre');
    expect(example).not.toBeNull();
    expect(example?.textContent).toMatch(/^INT\. RADIO STUDIO - NIGHT$/m);
    expect(example?.textContent).toMatch(/^MAYA\n\(whispering\)\nAre we live\?$/m);
  });

  it('names every visibility setting', () => {
    renderPage(<GuidePage />);
    const section = screen.getByRole('heading', { name: '3. Choose who can see it' }).nextElementSibling as HTMLElement;
    const items = within(section).getAllByRole('listitem').map((li) => li.textContent);
    expect(items).toEqual([expect.stringMatching(/^Private/), expect.stringMatching(/^Friends/), expect.stringMatching(/^Public/)]);
  });

  it('links to the script editor and related pages', () => {
    renderPage(<GuidePage />);
    expect(screen.getByRole('link', { name: 'Create a script' })).toHaveAttribute('href', '/scripts/create');
    expect(screen.getByRole('link', { name: 'Scripts' })).toHaveAttribute('href', '/scripts');
    expect(screen.getByRole('link', { name: 'History' })).toHaveAttribute('href', '/history');
    expect(screen.getByRole('link', { name: 'FAQ' })).toHaveAttribute('href', '/faq');
    expect(screen.getByRole('link', { name: 'contact us' })).toHaveAttribute('href', '/contact');
    expect(screen.getByRole('link', { name: 'Fountain' })).toHaveAttribute('href', 'https://fountain.io/syntax');
  });
});
