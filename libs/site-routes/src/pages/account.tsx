import { lazyPage } from '@vox/ui';
import { useSignedInHome } from '../lib/site-context';
import type { PageRecord } from './types';

const load = () => import('@vox/feature-account');
const MicrosoftLoginPage = lazyPage(load, (m) => m.MicrosoftLoginPage);

/** After a Microsoft sign-in, the site's home for a signed-in user (/scripts, / on the podcast site). */
function MicrosoftLogin() {
  return <MicrosoftLoginPage homePath={useSignedInHome()} />;
}

const WelcomePage = lazyPage(load, (m) => m.WelcomePage);

export const accountPages: PageRecord = {
  msLogin: MicrosoftLogin,
  msLogout: lazyPage(load, (m) => m.MicrosoftLogoutPage),
  // The first-run step after joining.
  welcome: WelcomePage,
};

/** The podcast site's: its first-run step asks for the name alone. */
export const podcastAccountPages: PageRecord = { ...accountPages, welcome: () => <WelcomePage site="podcast" /> };
