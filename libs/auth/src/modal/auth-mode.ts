/** The auth modal's states (seed section 4). */
export type AuthMode = 'login' | 'register' | 'resetPassword';
