import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { FORM_MESSAGES } from '@vox/contract/school';
import { createFakeServer, json, renderPage } from '@vox/testing';
import { ContactPage } from './contact-page';

/** Tests that type a whole form take more than Jest's 5 s when the machine is busy. */
const TYPING_TIMEOUT = 30_000;

describe('/contact', () => {
  it('says what is wrong with each field and sends nothing until it is right', async () => {
    const server = createFakeServer();
    renderPage(<ContactPage />, { route: '/contact', user: null });
    const form = screen.getByRole('form', { name: 'Write to the team' });
    await userEvent.type(within(form).getByLabelText('Your email'), 'grace@');
    await userEvent.type(within(form).getByLabelText('Message'), 'Hi');
    await userEvent.click(within(form).getByRole('button', { name: 'Send message' }));
    expect(within(form).getByLabelText('Your name')).toHaveAccessibleDescription(FORM_MESSAGES.nameMissing);
    expect(within(form).getByLabelText('Your email')).toHaveAccessibleDescription(FORM_MESSAGES.emailInvalid);
    expect(within(form).getByLabelText('Topic')).toHaveAccessibleDescription(FORM_MESSAGES.topicInvalid);
    expect(within(form).getByLabelText('Message')).toHaveAccessibleDescription(FORM_MESSAGES.messageShort);
    // The focus lands on the first field to fix; once the name is right, on the email.
    await waitFor(() => expect(within(form).getByLabelText('Your name')).toHaveFocus());
    await userEvent.type(within(form).getByLabelText('Your name'), 'Grace');
    await userEvent.click(within(form).getByRole('button', { name: 'Send message' }));
    await waitFor(() => expect(within(form).getByLabelText('Your email')).toHaveFocus());
    expect(server.calls).toHaveLength(0);
  }, TYPING_TIMEOUT);

  it("sends the request with an empty honeypot and shows the server's answer", async () => {
    const server = createFakeServer();
    server.on('submitContact', () => json(200, { message: FORM_MESSAGES.contactSent }));
    renderPage(<ContactPage />, { route: '/contact', user: null });
    await userEvent.type(screen.getByLabelText('Your name'), 'Grace Hopper');
    await userEvent.type(screen.getByLabelText('Your email'), 'grace@example.com');
    await userEvent.selectOptions(screen.getByLabelText('Topic'), 'Schools and classes');
    await userEvent.type(screen.getByLabelText('Message'), 'Can a class of 30 share one membership?');
    await userEvent.click(screen.getByRole('button', { name: 'Send message' }));
    expect(await screen.findByText(FORM_MESSAGES.contactSent)).toBeInTheDocument();
    expect(server.calls.map((c) => c.body)).toEqual([
      { name: 'Grace Hopper', email: 'grace@example.com', topic: 'Schools and classes', message: 'Can a class of 30 share one membership?', website: '' },
    ]);
    await userEvent.click(screen.getByRole('button', { name: 'Send another message' }));
    expect(screen.getByLabelText('Your name')).toHaveValue('');
  }, TYPING_TIMEOUT);

  it("shows the server's refusal (the rate limit) as its text", async () => {
    const server = createFakeServer();
    server.on('submitContact', () => json(429, { message: FORM_MESSAGES.tooManyRequests }));
    renderPage(<ContactPage />, { route: '/contact', user: null });
    await userEvent.type(screen.getByLabelText('Your name'), 'Grace');
    await userEvent.type(screen.getByLabelText('Your email'), 'grace@example.com');
    await userEvent.selectOptions(screen.getByLabelText('Topic'), 'General question');
    await userEvent.type(screen.getByLabelText('Message'), 'A question about the guide.');
    await userEvent.click(screen.getByRole('button', { name: 'Send message' }));
    expect(await screen.findByText(FORM_MESSAGES.tooManyRequests)).toBeInTheDocument();
  }, TYPING_TIMEOUT);
});
