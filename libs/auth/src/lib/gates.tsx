import type { ReactNode } from 'react';
import type { Privilege } from '@vox/contract';
import { PrivilegeRequired, PromptPage, Spinner } from '@vox/ui';
import { authModal } from './auth-modal-store';
import { useUser } from './use-auth';
import { usePrivileges } from './use-privileges';

/** Human names of the privileges, for the page that says what a membership lacks. */
export const PRIVILEGE_LABELS: Record<Privilege, string> = {
  draft: 'drafts and templates',
  audio_library: 'the audio library',
  show_metrics: 'the metrics dashboard',
  // Not "free scripts" ("Your membership does not include free scripts" read as a
  // contradiction beside a FREE badge); the collection's name, as the menu shows it.
  read_free_script: 'the Free Scripts collection',
  teach: 'classes you teach',
};

/** What a logged-out visitor would see: "Log in to see your {what}" (no article). */
export const PRIVILEGE_PROMPTS: Record<Privilege, string> = {
  draft: 'drafts and templates',
  audio_library: 'audio library',
  show_metrics: 'metrics dashboard',
  read_free_script: 'free scripts',
  teach: 'classes',
};

/**
 * Logged-in users see the children; others the log-in prompt for `what`, or `landing` where a
 * page has a richer one that carries the same prompt (the main site's front door).
 */
export function RequireLogin({ what, children, landing }: { what: string; children: ReactNode; landing?: ReactNode }) {
  const user = useUser();
  if (!user) return landing ? <>{landing}</> : <PromptPage what={what} onLogIn={() => authModal.open('login')} />;
  return <>{children}</>;
}

/**
 * A privilege-gated route: logged out, the log-in prompt; lacking the privilege, a
 * page naming what is missing with a link to /membership. Never blank, never a silent redirect.
 */
export function RequirePrivilege({ privilege, children }: { privilege: Privilege; children: ReactNode }) {
  const user = useUser();
  const privileges = usePrivileges();
  const label = PRIVILEGE_LABELS[privilege];
  if (!user) return <PromptPage what={PRIVILEGE_PROMPTS[privilege]} onLogIn={() => authModal.open('login')} />;
  if (!privileges.known) return <Spinner label="Checking your membership" />;
  if (!privileges.has(privilege)) return <PrivilegeRequired privilege={privilege} label={label} />;
  return <>{children}</>;
}
