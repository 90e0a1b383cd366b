import type { ReactNode } from 'react';
import { cx } from '../class-names';
import { MAIN_CONTENT_ID } from '../shell-types';
import './page.css';

type PageWidth = 'narrow' | 'default' | 'wide';

interface PageProps {
  children?: ReactNode;
  width?: PageWidth;
  /** Centres short content (prompts, notices) in the available height. */
  centered?: boolean;
  className?: string;
}

/**
 * The page's <main> landmark and content column. Every page renders exactly one, so the
 * header's skip link always has a target.
 */
export function Page({ children, width = 'default', centered = false, className }: PageProps) {
  return (
    <main
      id={MAIN_CONTENT_ID}
      // -1 lets the skip link move focus here without adding a tab stop.
      tabIndex={-1}
      className={cx('vox-page', `vox-page--${width}`, centered && 'vox-page--centered', className)}
    >
      {children}
    </main>
  );
}
