import { api } from '@vox/api-client';
import { authStore } from './auth-store';
import { startMicrosoftLogin } from './microsoft';
import { acceptSignIn, logAuthActivity } from './sign-in';

/** What the auth modal and the header call. Failures reject with the api client's ApiError (message = server text). */
export interface AuthActions {
  /** Trims both before sending; fills the store; logs 'login'. */
  login(username: string, password: string): Promise<void>;
  /** Creates the account with the values as typed, then logs in with them trimmed; logs 'register'. */
  register(username: string, password: string): Promise<void>;
  requestResetCode(username: string): Promise<void>;
  verifyResetCode(username: string, code: string): Promise<void>;
  resetPassword(username: string, code: string, password: string): Promise<void>;
  /** Throws 'Sign-in with Microsoft is not configured.' when the server has no Microsoft app id. */
  startMicrosoftLogin(): Promise<void>;
  /** POSTs signOut, empties the store and logs 'logout'; always resolves. */
  signOut(): Promise<void>;
}

const signIn = (username: string, password: string) => api.authenticate({ username: username.trim(), password: password.trim() });

export const authActions: AuthActions = {
  async login(username, password) {
    acceptSignIn(await signIn(username, password), 'login');
  },

  async register(username, password) {
    await api.createUser({ username, password });
    acceptSignIn(await signIn(username, password), 'register');
  },

  // The reset flow identifies the account by its email, where stray spaces are never meant; the
  // new password is sent as typed, like a registration's.
  async requestResetCode(username) {
    await api.passwordCode({ username: username.trim() });
  },

  async verifyResetCode(username, code) {
    await api.passwordVerify({ username: username.trim(), code: code.trim() });
  },

  async resetPassword(username, code, password) {
    await api.passwordReset({ username: username.trim(), code: code.trim(), password });
  },

  startMicrosoftLogin,

  async signOut() {
    // Logged first, while the entry can still name the user and carry their token.
    logAuthActivity('logout');
    try {
      await api.signOut();
    } catch {
      // The user asked to leave: this browser forgets the session even if the server cannot be told.
    }
    authStore.clear();
  },
};
