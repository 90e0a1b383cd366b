import { href } from '@vox/variant';

/** The privileges the shell's navigation depends on. */
export interface PrivilegeFlags {
  draft: boolean;
  audio_library: boolean;
  read_free_script: boolean;
  show_metrics: boolean;
  /** A teacher's: the school site's header leads to their classes. */
  teach: boolean;
}

/** Site variant from the host name: school and dashboard hosts, else default. */
export type SiteVariant = 'default' | 'school' | 'dashboard';

/** Page variant from the host name: 'channel' is the podcast variant. */
export type PageVariant = 'default' | 'channel' | 'dashboard';

/** The signed-in user as the shell shows them; fields may be null as the API sends them. */
export interface ShellUser {
  id: string;
  handle?: string | null;
  name?: string | null;
  /** The photo's file id; the shell resolves it to a URL and passes it as photoUrl. */
  photo?: string | null;
}

/** The profile page of a user: by handle when they have one, else by id. */
export function profileHref(user: Pick<ShellUser, 'id' | 'handle'>): string {
  return user.handle ? href('member', { handle: user.handle }) : href('profile', { userId: user.id });
}

/** Target of the skip link in the header: the Page layout's <main>. */
export const MAIN_CONTENT_ID = 'vox-main';
