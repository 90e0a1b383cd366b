import { fireEvent, render, screen } from '@testing-library/react';
import { authStore } from '@vox/auth';
import type { User } from '@vox/contract';
import { ChannelForm } from './channel-form';

const member = (name: string | null): User => ({ id: 'u1', handle: 'ada', name, photo: null, role: { name: 'member', privileges: [] }, classes: [] });

afterEach(() => authStore.clear());

describe('ChannelForm', () => {
  it('names the member as the author to start with, and sends what they leave there', () => {
    authStore.setSession({ user: member('Ada Lovelace'), token: 't' });
    const onSubmit = jest.fn();
    render(<ChannelForm submitLabel="Create channel" pending={false} error={null} onSubmit={onSubmit} />);
    expect(screen.getByLabelText('Author')).toHaveValue('Ada Lovelace');
    fireEvent.change(screen.getByLabelText('Title'), { target: { value: 'Night Shift Radio' } });
    fireEvent.click(screen.getByRole('button', { name: 'Create channel' }));
    expect(onSubmit).toHaveBeenCalledWith(expect.objectContaining({ title: 'Night Shift Radio', author: 'Ada Lovelace' }));
  });

  it('asks a member without a name for the author: the field is required and empty', () => {
    authStore.setSession({ user: member(null), token: 't' });
    render(<ChannelForm submitLabel="Create channel" pending={false} error={null} onSubmit={jest.fn()} />);
    const author = screen.getByLabelText('Author');
    expect(author).toHaveValue('');
    expect(author).toBeRequired();
    expect(author).toHaveAccessibleDescription('Podcast apps show it with every episode');
  });
});
