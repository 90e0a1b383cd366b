import type { EndpointMeta } from './endpoint-meta';
import type { EndpointSchemas } from './endpoint-schemas';
import { coreEndpoints } from './endpoints';
import { audioEndpoints } from './audio-endpoints';
import { castingEndpoints } from './casting-endpoints';
import { draftEndpoints } from './drafts-endpoints';
import { eventEndpoints } from './events-endpoints';
import { liveEndpoints } from './live-endpoints';
import { membershipEndpoints } from './membership-endpoints';
import { metricsEndpoints } from './metrics-endpoints';
import { opsEndpoints } from './ops-endpoints';
import { podcastEndpoints } from './podcast-endpoints';
import { schoolEndpoints } from './school-endpoints';
import { scriptEndpoints } from './scripts-endpoints';
import { socialEndpoints } from './social-endpoints';
import { vitalsEndpoints } from './vitals-endpoints';

/**
 * Every API call, assembled from the parts that describe each one once: the core (the shell's
 * calls, ./endpoints.ts) and one table per area. The server registers a route for each entry
 * (apps/api), the test kit's fake server answers each; the web never imports this module (it is
 * in @vox/contract/schemas), each page imports its area's part.
 */
export const endpointParts = {
  core: coreEndpoints,
  ops: opsEndpoints,
  social: socialEndpoints,
  scripts: scriptEndpoints,
  live: liveEndpoints,
  membership: membershipEndpoints,
  events: eventEndpoints,
  school: schoolEndpoints,
  drafts: draftEndpoints,
  metrics: metricsEndpoints,
  audio: audioEndpoints,
  podcast: podcastEndpoints,
  casting: castingEndpoints,
  vitals: vitalsEndpoints,
} as const;

type Parts = typeof endpointParts;
type PartName = keyof Parts;
type UnionToIntersection<U> = (U extends unknown ? (x: U) => void : never) extends (x: infer I) => void ? I : never;

/** The full table's type: every part's entries, each with its literal method, path and name. */
export type AllEndpoints = UnionToIntersection<Parts[PartName]>;

/** The names two parts both describe; `never` while every call is described once. */
type DescribedTwice = { [P in PartName]: { [Q in Exclude<PartName, P>]: keyof Parts[P] & keyof Parts[Q] }[Exclude<PartName, P>] }[PartName];
// Compile-time checks: a call described in two parts, a call with schemas but no description, and
// a description without schemas each stop this file compiling (endpoints.spec.ts checks the same
// at run time).
const describedOnce: [DescribedTwice] extends [never] ? true : { describedTwice: DescribedTwice } = true;
const schemasMatch: [Exclude<keyof EndpointSchemas, keyof AllEndpoints> | Exclude<keyof AllEndpoints, keyof EndpointSchemas>] extends [never] ? true : { unmatched: Exclude<keyof EndpointSchemas, keyof AllEndpoints> | Exclude<keyof AllEndpoints, keyof EndpointSchemas> } = true;
void describedOnce;
void schemasMatch;

export const allEndpoints = Object.assign({}, ...Object.values(endpointParts)) as AllEndpoints satisfies Record<keyof EndpointSchemas, EndpointMeta>;

export const endpointNames = Object.keys(allEndpoints) as (keyof AllEndpoints)[];
