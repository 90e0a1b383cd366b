export { MicrosoftLoginPage, type MicrosoftLoginPageProps } from './lib/microsoft-login-page/microsoft-login-page';
export { MicrosoftLogoutPage } from './lib/microsoft-logout-page/microsoft-logout-page';
// The first-run step after joining.
export { WelcomePage, safeNext } from './lib/welcome-page/welcome-page';
