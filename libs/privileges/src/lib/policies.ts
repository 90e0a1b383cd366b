import type { Privilege, Subscription, User } from '@vox/contract';
import { hasPrivilege } from './has-privilege';

/**
 * Which privilege each gated area needs (seed section 2). Pages and menus ask by area, so a
 * change of privilege is made here once rather than in every route and header entry.
 */
export const POLICIES = {
  drafts: 'draft',
  templates: 'draft',
  write: 'draft',
  audioLibrary: 'audio_library',
  metrics: 'show_metrics',
  freeScripts: 'read_free_script',
  // Creating classes, enrolling, assigning and reviewing.
  teaching: 'teach',
} as const satisfies Record<string, Privilege>;

export type Policy = keyof typeof POLICIES;

export function isAllowed(
  policy: Policy,
  user: User | null | undefined,
  subscriptions: readonly Subscription[] | null | undefined,
  now: Date = new Date(),
): boolean {
  return hasPrivilege(user, subscriptions, POLICIES[policy], now);
}
