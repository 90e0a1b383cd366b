import { screen, within } from '@testing-library/react';
import { renderPage } from '../render-page';
import { SiteHrefProvider } from '@vox/ui';
import { AboutPage } from './about-page';

describe('AboutPage', () => {
  it('has its title as the level-1 heading and a section per topic', () => {
    renderPage(<AboutPage />);
    expect(screen.getByRole('heading', { level: 1, name: 'About VoxClub' })).toBeInTheDocument();
    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual([
      'Who it’s for',
      'What you can do',
      'The school site',
      'The podcast site',
      'Join the club',
    ]);
  });

  it('names everyone it is for', () => {
    renderPage(<AboutPage />);
    const audience = within(screen.getByRole('heading', { name: 'Who it’s for' }).nextElementSibling as HTMLElement);
    for (const who of ['Voice actors', 'Script readers and writers', 'Drama teachers and their classes', 'Podcasters']) {
      expect(audience.getByText(who)).toBeInTheDocument();
    }
  });

  it('ends with Sign up and membership calls to action', () => {
    renderPage(<AboutPage />);
    expect(screen.getByRole('link', { name: 'Sign up' })).toHaveAttribute('href', '/register');
    expect(screen.getByRole('link', { name: 'See memberships' })).toHaveAttribute('href', '/membership');
    expect(screen.getByRole('link', { name: 'guide' })).toHaveAttribute('href', '/guide');
  });

  it('links the other sites where the route table says they are', () => {
    renderPage(
      <SiteHrefProvider value={(path, site) => `https://${site}.voxclub.test${path}`}>
        <AboutPage />
      </SiteHrefProvider>,
    );
    expect(screen.getByRole('link', { name: 'VoxClub school site' })).toHaveAttribute(
      'href',
      'https://school.voxclub.test/',
    );
    expect(screen.getByRole('link', { name: 'VoxClub podcast site' })).toHaveAttribute(
      'href',
      'https://podcast.voxclub.test/',
    );
  });
});
