import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import type { SiteVariant } from '@vox/ui';
import { AuthModal } from './auth-modal';
import type { AuthMode } from './auth-mode';
import { fakeActions } from './test-actions';

function StatefulModal({ initial, site = 'default', onClose }: { initial: AuthMode; site?: SiteVariant; onClose(): void }) {
  const [mode, setMode] = useState<AuthMode>(initial);
  return (
    <AuthModal
      mode={mode}
      onModeChange={setMode}
      onClose={onClose}
      actions={fakeActions()}
      site={site}
      schoolLoginHref="https://school.voxclub.example/login"
      msConfigured={false}
    />
  );
}

function renderModal(initial: AuthMode, site: SiteVariant = 'default') {
  const onClose = jest.fn();
  render(<StatefulModal initial={initial} site={site} onClose={onClose} />);
  return { onClose, user: userEvent.setup() };
}

describe('AuthModal', () => {
  it.each<[AuthMode, string]>([
    ['login', 'Log in'],
    ['register', 'Join VoxClub'],
    ['resetPassword', 'Reset password'],
  ])('titles the %s dialog "%s"', (mode, title) => {
    renderModal(mode);
    expect(screen.getByRole('dialog', { name: title })).toHaveAttribute('aria-modal', 'true');
  });

  it('goes from login to register and back, focusing the first field each time', async () => {
    const { user } = renderModal('login');
    expect(screen.getByRole('textbox', { name: 'Email or handle' })).toHaveFocus();
    await user.click(screen.getByRole('button', { name: 'New Member' }));
    expect(screen.getByRole('dialog', { name: 'Join VoxClub' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Email' })).toHaveFocus();
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    expect(screen.getByRole('dialog', { name: 'Log in' })).toBeInTheDocument();
  });

  it('goes through the reset flow and returns to login with OK', async () => {
    const { user } = renderModal('login');
    await user.click(screen.getByRole('button', { name: 'Forgot Password' }));
    expect(screen.getByRole('dialog', { name: 'Reset password' })).toBeInTheDocument();
    await user.type(screen.getByRole('textbox', { name: 'Email' }), 'ada@example.com{Enter}');
    await user.type(await screen.findByRole('textbox', { name: 'Verification code' }), '123456{Enter}');
    await user.type(await screen.findByLabelText('New password'), 'newsecret{Enter}');
    await user.click(await screen.findByRole('button', { name: 'OK' }));
    expect(screen.getByRole('dialog', { name: 'Log in' })).toBeInTheDocument();
  });

  it('hides New Member and School Member on the school site', () => {
    renderModal('login', 'school');
    expect(screen.queryByRole('button', { name: 'New Member' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'School Member' })).not.toBeInTheDocument();
  });

  it('closes with Escape and with the close button', async () => {
    const { onClose, user } = renderModal('login');
    await user.keyboard('{Escape}');
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalledTimes(2);
  });
});
