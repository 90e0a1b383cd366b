export { AuthModal, type AuthModalProps } from './auth-modal';
export type { AuthMode } from './auth-mode';
export { LoginForm, type LoginFormProps } from './login-form';
export { RegisterForm, type RegisterFormProps } from './register-form';
export { ResetPasswordFlow, SPAM_HINT, type ResetPasswordFlowProps, type ResetStep } from './reset-password-flow';
export { errorText } from './error-text';
