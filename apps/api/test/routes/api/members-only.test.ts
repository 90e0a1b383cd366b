import type { FastifyInstance, RouteOptions } from 'fastify';
import { bearer, build, createUser } from '../../helper';
import { membersOnly } from '../../../src/routes/api/members-only';

/**
 * The members-only scope: one login check for every route inside it, and `request.user` typed
 * non-null there. Routes outside it are open to anonymous callers, and each is named here, so
 * a new route is members-only unless someone decides otherwise on purpose.
 */
/** A job's name and id have formats of their own (libs/contract jobs.ts). */
const PARAM_SAMPLES: Record<string, string> = {
  name: 'mail.password-reset',
  id: '0b6e7a3c-1f2d-4e5a-9b8c-7d6e5f4a3b2c',
  // A certificate id is 16-64 letters and digits.
  certId: 'AbCdEfGhIjKlMnOpQrStUvWx',
};

const OPEN_ROUTES = [
  'GET /api/health',
  'GET /api/ready',
  'GET /api/config/public',
  // An app page's first reads in one request; each read runs as its own GET with the
  // caller's token, so a members-only read still answers 401 to nobody (first-reads.test.ts).
  'GET /api/first-reads',
  'POST /api/activities/',
  // A page that threw in a visitor's browser is worth knowing of too (bounded per address).
  'POST /api/client-errors',
  'POST /api/users/create',
  'POST /api/users/authenticate',
  'POST /api/users/authenticate/microsoft',
  'POST /api/users/refresh-token',
  'POST /api/users/signOut',
  'POST /api/users/password/code',
  'POST /api/users/password/verify',
  'POST /api/users/password/reset',
  // The sign-in handoff between the listed sites: navigations that carry cookies, never a token.
  'GET /api/users/handoff/start',
  'GET /api/users/handoff/authorize',
  'GET /api/users/handoff/exchange',
  'GET /api/users/profile/:userId',
  'GET /api/users/by-handle/:handle',
  'GET /api/users/photo/:photo',
  'GET /api/scripts',
  'GET /api/audio/:audioId',
  // Membership: the plans, the test provider's checkout page (the checkout id is the
  // capability) and Stripe's webhook (checked by signature).
  'GET /api/membership/plans',
  'GET /api/membership/test-checkout/:checkoutId',
  'POST /api/membership/test-checkout/:checkoutId',
  'POST /api/membership/stripe/webhook',
  // --- Events ---
  'GET /api/events',
  'GET /api/events/:eventId',
  // --- Casting: the board and a call's page (public calls to anyone; friends-only ones to friends).
  'GET /api/casting/calls',
  'GET /api/casting/calls/:callId',
  'GET /api/casting/links/:linkId',
  // An audition's audio by its signed, expiring link (an <audio src> sends no token); a member's
  // casting credits, shown on their public profile when they allow it.
  'GET /api/casting/audition-audio/:auditionId/:part',
  'GET /api/casting/members/:userId/credits',
  'POST /api/forms/contact',
  'POST /api/forms/pilot',
  'GET /api/certificates/:certId',
  // A student sets a password with the code from the class list.
  'POST /api/school/set-password',
  // A sound's bytes by their SHA-256 (an <audio src> sends no token): a public sound's for anyone,
  // a private one's only by the signed, expiring link its answers carry (else 404).
  'GET /api/sound-files/:fileId',
  // --- Podcast variant: listening needs no account; a play counts anonymous players too.
  'GET /api/podcast/channels',
  'GET /api/podcast/channels/:channelId',
  'GET /api/podcast/channels/:channelId/feed.xml',
  'GET /api/podcast/episodes/:episodeId',
  'GET /api/podcast/episodes/:episodeId/chapters.json',
  'GET /api/podcast/episodes/:episodeId/transcript.vtt',
  // A published episode's audio; a draft's only by its owner's signed, expiring link (else 404).
  'GET /api/podcast/audio/:audioId',
  'POST /api/podcast/episodes/:episodeId/plays',
  'GET /api/podcast/share/:linkId',
  'GET /api/podcast/playlists/:playlistId',
  // A rendered read shared by link (the token is the capability; revocable).
  'GET /api/read-links/:token',
  // A share link's preview for the logged-out landing (title, inviter, role only) and
  // the front door's public demo scenes.
  'GET /api/sharelinks/:linkId/preview',
  'GET /api/showcase',
  // A demo scene's text, for visitors to read before they join (the VoxClub account's public scenes only).
  'GET /api/showcase/:scriptId',
  // Link previews: an episode's oEmbed answer and a page's preview card, for any crawler.
  'GET /api/oembed',
  'GET /api/public-pages/card.png',
  // A page view's web vitals and a remote's load failure, from visitors too (bounded per address).
  'POST /api/vitals',
  'POST /api/vitals/remote-failures',
].sort();

describe('members-only scope', () => {
  let app: FastifyInstance;
  const routes: RouteOptions[] = [];
  beforeAll(async () => {
    app = await build(
      {},
      {
        onRoute: (route) => {
          if (route.url.startsWith('/api/') && route.method !== 'HEAD') routes.push(route);
        },
        setup: async (instance) => {
          await instance.register(
            membersOnly(async (scope) => {
              scope.get('/api/test-only/me', async (request) => ({ id: request.user.id }));
            }),
          );
          // Outside the scope by mistake: reading the user must fail closed, never act for nobody.
          instance.get('/api/test-only/misplaced', async (request) => ({ id: request.user.id }));
        },
      },
    );
  });
  afterAll(async () => app.close());

  const label = (route: RouteOptions) => `${[route.method].flat().join(',')} ${route.url}`;
  const product = () => routes.filter((route) => !route.url.startsWith('/api/test-only') && !route.url.startsWith('/api/docs'));

  it('answers 401 "Please log in." to anonymous callers and hands handlers the signed-in user', async () => {
    const anonymous = await app.inject({ method: 'GET', url: '/api/test-only/me' });
    expect([anonymous.statusCode, anonymous.json()]).toEqual([401, { message: 'Please log in.' }]);
    const member = await createUser(app);
    const signedIn = await app.inject({ method: 'GET', url: '/api/test-only/me', headers: bearer(member) });
    expect([signedIn.statusCode, signedIn.json()]).toEqual([200, { id: member.id }]);
  });

  it('fails closed when a route outside the scope reads request.user', async () => {
    const anonymous = await app.inject({ method: 'GET', url: '/api/test-only/misplaced' });
    expect([anonymous.statusCode, anonymous.json()]).toEqual([401, { message: 'Please log in.' }]);
  });

  it('puts every product route in the scope except the open ones named here', () => {
    const open = product()
      .filter((route) => !route.config?.membersOnly)
      .map(label)
      .sort();
    expect(open).toEqual(OPEN_ROUTES);
    expect(product().filter((route) => route.config?.membersOnly).length).toBeGreaterThanOrEqual(30);
  });

  it('refuses anonymous callers on every members-only route before its handler runs', async () => {
    const checked: string[] = [];
    for (const route of product().filter((r) => r.config?.membersOnly)) {
      // Routes with a body schema validate it first (a malformed request is answered as such).
      if (route.schema?.body) continue;
      for (const method of [route.method].flat()) {
        // Path parameters in a shape each route's schema accepts, so the scope, not validation, answers.
        const url = route.url.replace(/:(\w+)/g, (_match, name: string) => PARAM_SAMPLES[name] ?? 'Abcdefgh12345678');
        // A required query parameter gets a value of the same shape, for the same reason.
        const required = (route.schema?.querystring as { required?: string[] } | undefined)?.required ?? [];
        const query = Object.fromEntries(required.map((name) => [name, 'Abcdefgh12345678']));
        const res = await app.inject({ method: method as 'GET', url, query });
        expect([`${method} ${route.url}`, res.statusCode, res.json()]).toEqual([`${method} ${route.url}`, 401, { message: 'Please log in.' }]);
        checked.push(`${method} ${route.url}`);
      }
    }
    expect(checked.length).toBeGreaterThanOrEqual(15);
  });
});
