import { lazyPage } from '@vox/ui';
import type { PageRecord } from './types';

const load = () => import('@vox/feature-social');
const profile = lazyPage(load, (m) => m.ProfilePage);

export const socialPages: PageRecord = {
  friends: lazyPage(load, (m) => m.FriendsPage),
  notifications: lazyPage(load, (m) => m.MessagesPage),
  member: profile,
  profile,
};
