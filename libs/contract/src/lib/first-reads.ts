import Type from 'typebox';
import type { EndpointName } from './endpoint-calls';
import { ChannelsQuery } from './podcast';
import { ScriptListQuery } from './scripts';
import { NewNotificationsQuery } from './social';
import { SubscriptionsQuery } from './users';

/**
 * The GETs an app page's first script (apps/shell/src/early-script.js) may send in its one
 * GET /api/first-reads, each named by its endpoint, with that endpoint's own query schema (null:
 * it takes none). Nothing else can run inside that request: no URL is ever taken from the caller
 * (the server builds each read's from the endpoint's path), first-reads itself is not named here,
 * and each read runs at most once. endpoints.spec.ts checks that each is a GET without path
 * parameters whose query schema is exactly this one.
 */
export const firstReadQueries = {
  subscriptions: SubscriptionsQuery,
  notificationsSeen: null,
  newNotifications: NewNotificationsQuery,
  scripts: ScriptListQuery,
  podcastHome: null,
  podcastChannels: ChannelsQuery,
} as const satisfies { [N in EndpointName]?: Type.TObject | null };
export type FirstReadName = keyof typeof firstReadQueries;
export const firstReadNames = Object.keys(firstReadQueries) as FirstReadName[];

/** The query key of parameter `key` of read `name`: `scripts.page`. */
export const firstReadParam = (name: FirstReadName, key: string) => `${name}.${key}`;

const readParams = Object.fromEntries(
  Object.entries(firstReadQueries).flatMap(([name, query]) =>
    query ? Object.entries(query.properties as Record<string, Type.TSchema>).map(([key, schema]) => [firstReadParam(name as FirstReadName, key), schema]) : [],
  ),
) as Record<string, Type.TSchema>;

/**
 * GET /api/first-reads?read=subscriptions&read=scripts&scripts.scope=all&scripts.page=1: each
 * `read` names one of `firstReadQueries` (at most once), and `<name>.<key>` carries that read's
 * query parameters, typed by its endpoint's own schema. Nothing else is taken.
 */
export const FirstReadsQuery = Type.Object(
  {
    read: Type.Array(Type.Union(firstReadNames.map((name) => Type.Literal(name))), { minItems: 1, maxItems: firstReadNames.length, uniqueItems: true }),
    ...Type.Partial(Type.Object(readParams)).properties,
  },
  { additionalProperties: false },
);
export type FirstReadsQuery = { read: FirstReadName[] } & Record<string, string | number | boolean | undefined | FirstReadName[]>;

/**
 * Each read's answer as that GET gave it with the same Authorization, in the order asked: its
 * name, the URL the server built for it (path and query, as @vox/api-client builds the page's own
 * call, which the first script matches it by), its status and its JSON body (null: not JSON).
 */
export const FirstReads = Type.Object({
  reads: Type.Array(Type.Object({ read: Type.String(), url: Type.String(), status: Type.Integer(), body: Type.Unknown() })),
});
export type FirstReads = Type.Static<typeof FirstReads>;
