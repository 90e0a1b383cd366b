import { authRouteMode, authRoutePath, isFullScreenPath, siteUrl } from './layout';

describe('isFullScreenPath', () => {
  it.each([
    '/certificate',
    '/certificate/c1',
    '/event/e1',
    '/members/ann',
    '/profile/u1',
    '/session/s1',
    '/write/d1',
    '/template/t1',
    '/s/abc',
    '/podcast-ep/x',
    '/script/sc1',
    '/auth/ms/login',
    '/auth/ms/logout',
  ])('%s has no header', (path) => expect(isFullScreenPath(path)).toBe(true));

  it.each(['/', '/scripts', '/event/e1/register', '/write', '/templates', '/templates/edit/t1', '/events', '/history', '/about'])(
    '%s keeps header and footer',
    (path) => expect(isFullScreenPath(path)).toBe(false),
  );
});

describe('auth routes', () => {
  it('maps the three paths to modal modes and back', () => {
    expect(authRouteMode('/login')).toBe('login');
    expect(authRouteMode('/register/')).toBe('register');
    expect(authRouteMode('/ResetPassword')).toBe('resetPassword');
    expect(authRouteMode('/scripts')).toBeNull();
    expect(authRoutePath('resetPassword')).toBe('/resetpassword');
  });
});

describe('siteUrl', () => {
  const at = (host: string) => ({ protocol: 'http:', host });
  it('prefixes the main host with the sibling label', () => {
    expect(siteUrl(at('localhost:4200'), 'school', '/login')).toBe('http://school.localhost:4200/login');
    expect(siteUrl(at('voxclub.example'), 'podcast')).toBe('http://podcast.voxclub.example/');
  });
  it('swaps a variant label for another', () => {
    expect(siteUrl(at('podcast.localhost:4200'), '')).toBe('http://localhost:4200/');
    expect(siteUrl(at('school.localhost:4200'), 'podcast')).toBe('http://podcast.localhost:4200/');
    expect(siteUrl(at('dashboard.voxclub.example'), 'school', '/login')).toBe('http://school.voxclub.example/login');
  });
});
