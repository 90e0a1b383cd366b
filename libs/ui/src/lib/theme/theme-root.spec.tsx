import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { render, screen } from '@testing-library/react';
import { ThemeRoot } from './theme-root';

describe('ThemeRoot', () => {
  it.each(['main', 'podcast'] as const)('sets the %s theme class for everything inside', (theme) => {
    render(
      <ThemeRoot theme={theme}>
        <p>inside</p>
      </ThemeRoot>,
    );
    const root = screen.getByText('inside').parentElement;
    expect(root).toHaveClass('vox-theme-root', `vox-theme-${theme}`);
    expect(root).toHaveAttribute('data-theme', theme);
  });
});

describe('theme.css', () => {
  // Jest stubs stylesheets, so the brand colours are checked in the file itself.
  const css = readFileSync(join(__dirname, 'theme.css'), 'utf8');
  const block = (selector: string) => {
    const start = css.indexOf(`${selector} {`);
    return css.slice(start, css.indexOf('}', start));
  };

  it('uses #BA58E9 as the main accent', () => {
    expect(block('.vox-theme-main')).toMatch(/--vox-accent: #ba58e9;/i);
  });

  it('makes the podcast theme dark with #FF01CD as its accent', () => {
    const podcast = block('.vox-theme-podcast');
    expect(podcast).toMatch(/--vox-accent: #ff01cd;/i);
    expect(podcast).toMatch(/color-scheme: dark;/);
  });
});
