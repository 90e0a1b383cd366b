import { type SiteVariant } from '@vox/ui';
import { Modal } from '@vox/ui/forms';
import type { AuthActions } from '../lib/auth-actions';
import type { AuthMode } from './auth-mode';
import { LoginForm } from './login-form';
import { RegisterForm } from './register-form';
import { ResetPasswordFlow } from './reset-password-flow';
import './auth-modal.css';

export interface AuthModalProps {
  mode: AuthMode;
  /** Login links to register and reset; both lead back to login. */
  onModeChange(mode: AuthMode): void;
  onClose(): void;
  actions: AuthActions;
  site: SiteVariant;
  /** The school site's own login page, for "School Member" (main site only; left out on the podcast site). */
  schoolLoginHref?: string;
  /** Without a Microsoft app id the button explains that the sign-in is not configured. */
  msConfigured: boolean;
  /** Product name in the register title, "Join {product}". */
  product?: string;
  /** Called after a login or registration succeeded. */
  onSuccess?(): void;
}

/**
 * The login / register / reset-password dialog. It holds no auth state: the actions
 * come in as props, and a successful sign-in changes the store, which unmounts it.
 */
export function AuthModal({
  mode,
  onModeChange,
  onClose,
  actions,
  site,
  schoolLoginHref,
  msConfigured,
  product = 'VoxClub',
  onSuccess,
}: AuthModalProps) {
  const title = mode === 'login' ? 'Log in' : mode === 'register' ? `Join ${product}` : 'Reset password';
  return (
    <Modal title={title} onClose={onClose} className="vox-auth-modal">
      {mode === 'login' && (
        <LoginForm
          actions={actions}
          onModeChange={onModeChange}
          site={site}
          schoolLoginHref={schoolLoginHref}
          msConfigured={msConfigured}
          onSuccess={onSuccess}
        />
      )}
      {mode === 'register' && <RegisterForm actions={actions} onModeChange={onModeChange} onSuccess={onSuccess} />}
      {mode === 'resetPassword' && <ResetPasswordFlow actions={actions} onBackToLogin={() => onModeChange('login')} />}
    </Modal>
  );
}
