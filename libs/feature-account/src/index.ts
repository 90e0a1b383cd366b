export { MicrosoftLoginPage, type MicrosoftLoginPageProps } from './lib/microsoft-login-page/microsoft-login-page';
export { MicrosoftLogoutPage } from './lib/microsoft-logout-page/microsoft-logout-page';
