import { render, screen } from '@testing-library/react';
import { ContentPage } from './content-page';

describe('ContentPage', () => {
  it('puts the title and text in an article inside the main landmark', () => {
    render(
      <ContentPage title="Privacy Policy" subtitle="Last updated 1 May 2025">
        <p>We keep what we need to run the club.</p>
      </ContentPage>,
    );
    const main = screen.getByRole('main');
    expect(main).toHaveAttribute('id', 'vox-main');
    expect(screen.getByRole('article')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Privacy Policy' })).toBeInTheDocument();
    expect(screen.getByText('Last updated 1 May 2025')).toBeInTheDocument();
    expect(screen.getByText('We keep what we need to run the club.')).toBeInTheDocument();
  });
});
