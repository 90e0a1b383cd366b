import type { FastifyContextConfig } from 'fastify';
import { allEndpoints, endpointSchemas, type EndpointName, type EndpointSchemas } from '@vox/contract/schemas';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The contract endpoint this route serves (libs/contract `allEndpoints`). */
    endpoint?: EndpointName;
  }
}

/** What only the server adds to a contract endpoint: OpenAPI words and route settings. */
interface ServerSide {
  tags?: string[];
  summary?: string;
  description?: string;
  /** OpenAPI: what the body is, for multipart uploads (which have no body schema). */
  consumes?: string[];
  config?: Omit<FastifyContextConfig, 'endpoint'>;
}

/**
 * The route options one contract endpoint gives: its method, its path (the URL as it stands, so
 * route modules are registered under no prefix) and its schemas (params, querystring, body, a
 * response per status), plus `config.endpoint` naming it, which the route-table test matches
 * against the contract. Routes spread this and add their handler:
 * `app.route({ ...fromContract('friendships'), handler: async (request) => ... })`.
 */
export function fromContract<N extends EndpointName>(name: N, { tags, summary, description, consumes, config }: ServerSide = {}) {
  const { method, path, auth } = allEndpoints[name];
  const signedIn = auth !== 'public' && auth !== 'optional';
  const schema = {
    ...endpointSchemas[name],
    // OpenAPI: the contract's name as the operation id, and the Bearer token where a sign-in is needed.
    operationId: name,
    ...(signedIn && { security: [{ bearer: [] }] }),
    ...(tags && { tags }),
    ...(summary && { summary }),
    ...(description && { description }),
    ...(consumes && { consumes }),
  };
  return {
    method,
    url: path,
    schema: schema as EndpointSchemas[N] & { operationId: string; tags?: string[]; summary?: string; description?: string; consumes?: string[] },
    config: { ...config, endpoint: name },
  };
}
