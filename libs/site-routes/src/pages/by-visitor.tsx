import type { ComponentType } from 'react';
import { useUser } from '@vox/auth';

/**
 * A page that differs for a signed-in user and a visitor (the podcast site's /: the home page
 * once logged in, the channels before). Its own form, not a component that calls useUser, so the
 * build's route preloads (tools/first-load/route-preloads.cjs) name each side's files for its own
 * visitor: the Link header of a signed-out first load brings the visitor's page, not the member's.
 */
export function byVisitor(SignedIn: ComponentType, SignedOut: ComponentType): ComponentType {
  return function ByVisitor() {
    return useUser() ? <SignedIn /> : <SignedOut />;
  };
}
