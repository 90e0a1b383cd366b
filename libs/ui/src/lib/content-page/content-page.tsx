import type { ReactNode } from 'react';
import { Page } from '../page/page';
import './content-page.css';

interface ContentPageProps {
  title: string;
  /** A line under the title, such as "Last updated 1 May 2025". */
  subtitle?: ReactNode;
  children?: ReactNode;
}

/** A long-text page (terms, privacy, guide, FAQ): a readable column with prose styles. */
export function ContentPage({ title, subtitle, children }: ContentPageProps) {
  return (
    <Page width="narrow">
      <article className="vox-content">
        <header className="vox-content__header">
          <h1 className="vox-page-title">{title}</h1>
          {subtitle && <p className="vox-page-lead">{subtitle}</p>}
        </header>
        <div className="vox-prose">{children}</div>
      </article>
    </Page>
  );
}
