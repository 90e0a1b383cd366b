import type { Plan, Privilege } from '@vox/contract';

/** What each privilege unlocks, in words, for the plan cards. */
export const PRIVILEGE_WORDS: Record<Privilege, string> = {
  draft: 'Drafts and templates: write scripts with history',
  audio_library: 'The audio library: your own music, effects and voices',
  read_free_script: 'Free scripts to read and record',
  show_metrics: 'The metrics dashboard',
  teach: 'Classes: teach students with assignments and certificates',
};

export const formatPrice = (minor: number, currency: string): string =>
  new Intl.NumberFormat('en-US', { style: 'currency', currency }).format(minor / 100);

/** "month", "year", "7 days", "3 months". */
export function periodWords(plan: Pick<Plan, 'periodUnit' | 'periodCount'>): string {
  if (plan.periodUnit === 'month' && plan.periodCount === 12) return 'year';
  if (plan.periodCount === 1) return plan.periodUnit;
  return `${plan.periodCount} ${plan.periodUnit}s`;
}

export const formatDate = (iso: string): string =>
  new Date(iso).toLocaleDateString('en-US', { year: 'numeric', month: 'long', day: 'numeric' });

/** Where a logged-out visitor's chosen plan waits while they sign in. */
export const PENDING_PLAN_KEY = 'vox.membership.pendingPlan';
