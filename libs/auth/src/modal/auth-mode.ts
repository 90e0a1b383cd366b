/** The auth modal's states. */
export type AuthMode = 'login' | 'register' | 'resetPassword';
