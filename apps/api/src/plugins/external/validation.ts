import AjvCompiler from '@fastify/ajv-compiler';
import type { FastifyServerOptions, FastifySchemaCompiler } from 'fastify';

/**
 * Schema validation as Fastify does it (Ajv through @fastify/ajv-compiler, Fastify's own
 * compiler), except that bodies are not coerced: `{"title": true}` is a wrong type and gets the
 * contract's 400 instead of being stored as "true". Query strings, params and headers are text
 * on the wire, so there coercion stays on ("?page=2" is the number 2, "?user=a&user=b" a list).
 */
type CompilerOptions = { customOptions?: Record<string, unknown> } & Record<string, unknown>;
// At run time the pool's compilers take Fastify's route definition ({ schema, httpPart, … }),
// whatever the package's type declarations say.
const pool = AjvCompiler() as unknown as (externalSchemas: unknown, options?: CompilerOptions) => FastifySchemaCompiler<unknown>;

function buildValidator(externalSchemas: unknown, options?: CompilerOptions): FastifySchemaCompiler<unknown> {
  const coercing = pool(externalSchemas, options);
  const strict = pool(externalSchemas, { ...options, customOptions: { ...options?.customOptions, coerceTypes: false } });
  return (route) => (route.httpPart === 'body' ? strict : coercing)(route);
}

/** Fastify's own validator compiler as this server configures it, for code that validates outside a route (the script-writes worker). */
export function serverValidator(): FastifySchemaCompiler<unknown> {
  return buildValidator({}, { customOptions: {}, plugins: [] });
}

export const schemaController = {
  compilersFactory: { buildValidator },
} as unknown as FastifyServerOptions['schemaController'];
