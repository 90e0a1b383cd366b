import { api, loadUserPhoto, userPhotoUrl } from './api';
import { fakeFetch, json } from './fake-fetch';

describe('the app-wide api singleton', () => {
  it('is configured later by whoever owns the token', async () => {
    const fake = fakeFetch(() => json(200, { count: 1 }));
    api.configure({ fetch: fake.fetch, getToken: () => 'shared' });
    await expect(api.getNewNotifications('n1')).resolves.toEqual({ count: 1 });
    expect(fake.calls[0].headers['Authorization']).toBe('Bearer shared');
  });

  it('exposes the photo helpers bound to it', async () => {
    const fake = fakeFetch(() => new Response(new Blob(['x']), { status: 200 }));
    api.configure({ fetch: fake.fetch, createObjectUrl: () => 'blob:one' });
    expect(userPhotoUrl('me.png')).toBe('/api/users/photo/me.png');
    await expect(loadUserPhoto('me.png')).resolves.toBe('blob:one');
  });
});
