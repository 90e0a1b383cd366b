import type { User } from '@vox/contract';

/** Seed section 6: a school user is one with at least one class. */
export function isSchoolUser(user: User | null | undefined): boolean {
  return Array.isArray(user?.classes) && user.classes.length > 0;
}
