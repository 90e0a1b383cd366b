import { siteUrl } from './layout';

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
