import { pageTitle } from './page-title';

const main = { page: 'default', site: 'default' } as const;

describe('pageTitle (issue 21)', () => {
  it.each([
    ['/', 'Scripts · VoxClub'],
    ['/scripts', 'Scripts · VoxClub'],
    ['/scripts/create', 'New script · VoxClub'],
    ['/scripts/edit/abc', 'Edit script · VoxClub'],
    ['/history', 'History · VoxClub'],
    ['/friends', 'Friends · VoxClub'],
    ['/notifications', 'Messages · VoxClub'],
    ['/session/s1', 'Table read · VoxClub'],
    ['/members/ada', 'Profile · VoxClub'],
    ['/event/e1/register', 'Event registration · VoxClub'],
    ['/event/e1', 'Event · VoxClub'],
    ['/write', 'Drafts · VoxClub'],
    ['/write/d1', 'Draft · VoxClub'],
    ['/login', 'Log in · VoxClub'],
    ['/register', 'Sign up · VoxClub'],
    ['/terms', 'Terms of Service · VoxClub'],
  ])('%s is "%s" on the main site', (path, title) => {
    expect(pageTitle(path, main)).toBe(title);
  });

  it('names the podcast, dashboard and school variants', () => {
    expect(pageTitle('/', { page: 'channel', site: 'default' })).toBe('Podcasts · VoxClub');
    expect(pageTitle('/history', { page: 'channel', site: 'default' })).toBe('Listening history · VoxClub');
    expect(pageTitle('/channel/c1', { page: 'channel', site: 'default' })).toBe('Channel · VoxClub');
    expect(pageTitle('/anything', { page: 'dashboard', site: 'dashboard' })).toBe('Metrics · VoxClub');
    expect(pageTitle('/classes', { page: 'default', site: 'school' })).toBe('Classes · VoxClub');
  });

  it('keeps the product name alone for a path it does not know', () => {
    expect(pageTitle('/no/such/page', main)).toBe('VoxClub');
  });
});
