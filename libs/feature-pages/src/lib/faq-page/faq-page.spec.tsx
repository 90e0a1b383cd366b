import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderPage } from '../render-page';
import { FaqPage } from './faq-page';

function itemOf(question: string): HTMLDetailsElement {
  const details = screen.getByText(question, { selector: 'summary' }).closest('details');
  if (!details) throw new Error(`No FAQ item for "${question}"`);
  return details;
}

describe('FaqPage', () => {
  it('has its title as the level-1 heading and groups the questions under level-2 headings', () => {
    renderPage(<FaqPage />);
    expect(screen.getByRole('heading', { level: 1, name: 'Frequently asked questions' })).toBeInTheDocument();
    expect(screen.getAllByRole('heading', { level: 2 }).map((h) => h.textContent)).toEqual([
      'Getting started',
      'Scripts and table reads',
      'Membership',
      'Your account',
      'Still stuck?',
    ]);
  });

  it('asks the questions people actually have, all collapsed at first', () => {
    const { container } = renderPage(<FaqPage />);
    const questions = [...container.querySelectorAll('summary')].map((s) => s.textContent);
    expect(questions).toEqual(
      expect.arrayContaining([
        'How do I join?',
        'Do I need a microphone?',
        'What is a table read?',
        'Who can see my scripts?',
        'What does a membership include?',
        'How do I reset my password?',
        'Can my school give me a User ID?',
        'How do I sign in with Microsoft?',
        'How do I delete my account?',
        'Which browsers are supported?',
      ]),
    );
    for (const details of container.querySelectorAll('details')) {
      expect(details).not.toHaveAttribute('open');
    }
  });

  it('expands an answer when its question is clicked, and collapses it again', async () => {
    const user = userEvent.setup();
    renderPage(<FaqPage />);
    const item = itemOf('What does a membership include?');

    await user.click(screen.getByText('What does a membership include?'));
    expect(item).toHaveAttribute('open');
    expect(itemOf('How do I join?')).not.toHaveAttribute('open');

    await user.click(screen.getByText('What does a membership include?'));
    expect(item).not.toHaveAttribute('open');
  });

  // Browsers open a focused <summary> on Enter or Space natively; jsdom models only the focus.
  it('puts the questions in the tab order', async () => {
    const user = userEvent.setup();
    renderPage(<FaqPage />);
    await user.tab();
    expect(screen.getByText('How do I join?')).toHaveFocus();
  });

  it('names the membership privileges of Writer and Premium', () => {
    renderPage(<FaqPage />);
    const answer = itemOf('What does a membership include?');
    expect(answer).toHaveTextContent('Writer: drafts with autosave and revision history, and script templates.');
    expect(answer).toHaveTextContent(/Premium: everything in Writer, plus your own audio library .* free scripts/);
  });

  it('links to the pages the answers mention', () => {
    renderPage(<FaqPage />);
    expect(screen.getByRole('link', { name: 'Sign up' })).toHaveAttribute('href', '/register');
    expect(screen.getByRole('link', { name: 'Reset password' })).toHaveAttribute('href', '/resetpassword');
    expect(screen.getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/login');
    expect(screen.getByRole('link', { name: 'membership page' })).toHaveAttribute('href', '/membership');
    expect(screen.getByRole('link', { name: 'subscriptions' })).toHaveAttribute('href', '/subscription');
    expect(screen.getByRole('link', { name: 'contact form' })).toHaveAttribute('href', '/contact');
    expect(screen.getByRole('link', { name: 'Contact us' })).toHaveAttribute('href', '/contact');
  });
});
