import type { FastifyInstance, RouteOptions } from 'fastify';
import { allEndpoints as endpoints, endpointNames, endpointSchemas, type EndpointName } from '@vox/contract/schemas';
import { build } from '../../helper';

/**
 * The contract's endpoint table and the server's routes, one to one: every endpoint has its
 * route (same method and path, the contract's own schemas, in the members-only scope exactly when
 * the endpoint needs a sign-in), and every route under /api serves an endpoint. The exceptions
 * are the server's own pages: the OpenAPI document and its docs page under /api/docs.
 */
const NOT_IN_CONTRACT = /^\/api\/docs(\/|$)/;

/** Trailing slashes are accepted either way on every route (docs/architecture.md, API). */
const key = (method: string, url: string) => `${method} ${url.replace(/\/$/, '')}`;

describe('route table', () => {
  let app: FastifyInstance;
  const routes: RouteOptions[] = [];
  beforeAll(async () => {
    app = await build(
      {},
      {
        onRoute: (route) => {
          if (route.url.startsWith('/api') && !NOT_IN_CONTRACT.test(route.url)) routes.push(route);
        },
      },
    );
  });
  afterAll(async () => app.close());

  /** Fastify adds a HEAD route for every GET; it is the GET's, not a call of its own. */
  const served = () =>
    routes.flatMap((route) => [route.method].flat().filter((method) => method !== 'HEAD').map((method) => ({ method, route })));

  it('has a route for every contract endpoint, and no route without one', () => {
    const registered = [...new Set(served().map(({ method, route }) => key(method, route.url)))].sort();
    const described = endpointNames.map((name) => key(endpoints[name].method, endpoints[name].path)).sort();
    expect(registered).toEqual(described);
  });

  it("registers each route with its endpoint's schemas, as that endpoint", () => {
    for (const { method, route } of served()) {
      const name = route.config?.endpoint as EndpointName | undefined;
      expect([key(method, route.url), name && key(endpoints[name].method, endpoints[name].path)]).toEqual([key(method, route.url), key(method, route.url)]);
      const schema = route.schema as Record<string, unknown>;
      const contract = endpointSchemas[name as EndpointName] as Record<string, unknown>;
      for (const part of ['params', 'querystring', 'body', 'response'] as const) {
        expect([name, part, schema[part]]).toEqual([name, part, contract[part]]);
      }
    }
  });

  it('puts exactly the endpoints that need a sign-in in the members-only scope', () => {
    for (const { method, route } of served()) {
      const { auth } = endpoints[route.config?.endpoint as EndpointName];
      expect([key(method, route.url), Boolean(route.config?.membersOnly)]).toEqual([key(method, route.url), auth !== 'public' && auth !== 'optional']);
    }
  });
});
