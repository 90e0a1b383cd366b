import { firstHostLabel, PAGES, REMOTES, resolveVariant, SITES } from './resolve-variant';

describe('REMOTES and variant lists', () => {
  it('names the four remotes in the order of the architecture', () => {
    expect(REMOTES).toEqual(['main', 'school', 'dashboard', 'podcast']);
  });

  it('names the site and page variants', () => {
    expect(SITES).toEqual(['default', 'school', 'dashboard']);
    expect(PAGES).toEqual(['default', 'channel', 'dashboard']);
  });
});

describe('firstHostLabel', () => {
  it.each([
    ['school.localhost', 'school'],
    ['School.Example.COM', 'school'],
    ['localhost', 'localhost'],
    ['localhost:4200', 'localhost'],
    ['podcast.localhost:4200', 'podcast'],
    ['dashboard.example.com.', 'dashboard'],
    ['127.0.0.1', ''],
    ['127.0.0.1:4200', ''],
    ['[::1]:4200', ''],
    ['::1', ''],
    ['', ''],
  ])('%s -> %s', (host, label) => {
    expect(firstHostLabel(host)).toBe(label);
  });
});

describe('resolveVariant', () => {
  describe('main variant (default)', () => {
    it.each(['localhost', 'localhost:4200', '127.0.0.1', '127.0.0.1:4200', 'www.voxclub.com', 'voxclub.com', '[::1]:4200'])(
      '%s is the main variant',
      (host) => {
        expect(resolveVariant(host, '/scripts')).toEqual({ site: 'default', page: 'default', remote: 'main' });
      },
    );
  });

  describe("first label exactly 'dashboard'", () => {
    it('sets site dashboard and page dashboard', () => {
      expect(resolveVariant('dashboard.localhost', '/')).toEqual({ site: 'dashboard', page: 'dashboard', remote: 'dashboard' });
    });

    it('is case-insensitive and ignores the port', () => {
      expect(resolveVariant('DASHBOARD.Example.com:8080', '/')).toEqual({ site: 'dashboard', page: 'dashboard', remote: 'dashboard' });
    });

    it('needs the exact label: a label merely containing dashboard is the main variant', () => {
      expect(resolveVariant('mydashboard.localhost', '/')).toEqual({ site: 'default', page: 'default', remote: 'main' });
      expect(resolveVariant('dashboards.localhost', '/')).toEqual({ site: 'default', page: 'default', remote: 'main' });
    });

    it('looks at the first label only', () => {
      expect(resolveVariant('www.dashboard.example.com', '/')).toEqual({ site: 'default', page: 'default', remote: 'main' });
    });
  });

  describe("first label containing 'school'", () => {
    it.each(['school.localhost', 'myschool.example.com', 'SCHOOL.localhost:4200', 'school-test.example.com'])(
      '%s sets site school',
      (host) => {
        expect(resolveVariant(host, '/scripts')).toEqual({ site: 'school', page: 'default', remote: 'school' });
      },
    );

    it('looks at the first label only', () => {
      expect(resolveVariant('www.school.example.com', '/')).toEqual({ site: 'default', page: 'default', remote: 'main' });
    });
  });

  describe("first label containing 'podcast'", () => {
    it.each(['podcast.localhost', 'mypodcasts.example.com', 'PodCast.localhost:4200'])('%s sets page channel', (host) => {
      expect(resolveVariant(host, '/')).toEqual({ site: 'default', page: 'channel', remote: 'podcast' });
    });

    it('looks at the first label only', () => {
      expect(resolveVariant('www.podcast.example.com', '/')).toEqual({ site: 'default', page: 'default', remote: 'main' });
    });

    it('a school podcast label is the school site with the channel page, served by the school remote', () => {
      expect(resolveVariant('schoolpodcast.localhost', '/')).toEqual({ site: 'school', page: 'channel', remote: 'school' });
    });
  });

  describe('paths containing /metrics', () => {
    it.each(['/metrics', '/metrics/users', '/admin/metrics', '/Metrics'])('%s on the main host sets page dashboard', (path) => {
      expect(resolveVariant('localhost', path)).toEqual({ site: 'default', page: 'dashboard', remote: 'dashboard' });
    });

    it('wins over the school site for the remote', () => {
      expect(resolveVariant('school.localhost', '/metrics')).toEqual({ site: 'school', page: 'dashboard', remote: 'dashboard' });
    });

    it('wins over the podcast page', () => {
      expect(resolveVariant('podcast.localhost', '/metrics')).toEqual({ site: 'default', page: 'dashboard', remote: 'dashboard' });
    });

    it('applies on an IP host', () => {
      expect(resolveVariant('127.0.0.1:4200', '/metrics')).toEqual({ site: 'default', page: 'dashboard', remote: 'dashboard' });
    });

    it('needs the slash: /scriptsmetrics is not a metrics path', () => {
      expect(resolveVariant('localhost', '/scriptsmetrics').page).toBe('default');
    });
  });
});
