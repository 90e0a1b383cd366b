import { screen } from '@testing-library/react';
import { renderPage } from './render-page';
import { CONTENT_PAGES } from './content-pages';

describe('CONTENT_PAGES', () => {
  it('maps exactly the five content routes', () => {
    expect(Object.keys(CONTENT_PAGES).sort()).toEqual(['/about', '/faq', '/guide', '/privacy', '/terms']);
  });

  it.each([
    ['/guide', 'Guide to create and upload a script'],
    ['/privacy', 'Privacy Policy'],
    ['/terms', 'Terms of Service'],
    ['/about', 'About VoxClub'],
    ['/faq', 'Frequently asked questions'],
  ] as const)('%s renders the page titled "%s" with no props', async (path, title) => {
    const Page = CONTENT_PAGES[path];
    renderPage(<Page />);
    // The long pages load on first show; the heading arrives once their code has.
    expect(await screen.findByRole('heading', { level: 1, name: title })).toBeInTheDocument();
  });
});
