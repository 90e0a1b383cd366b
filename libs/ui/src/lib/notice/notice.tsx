import { useId, type ReactNode } from 'react';
import { Page } from '../page/page';
import './notice.css';

interface NoticeProps {
  icon: ReactNode;
  title: string;
  children?: ReactNode;
  /** Buttons and links under the text. */
  actions?: ReactNode;
  /** A small label over the title, such as "Coming soon". */
  eyebrow?: string;
  /** data-* attributes for the card, e.g. which privilege a page is missing. */
  data?: Record<`data-${string}`, string>;
}

/** A full page with one centred card; shared by the prompt, privilege and placeholder pages. */
export function Notice({ icon, title, children, actions, eyebrow, data }: NoticeProps) {
  const titleId = useId();
  return (
    <Page centered>
      <section className="vox-notice" aria-labelledby={titleId} {...data}>
        <span className="vox-notice__icon" aria-hidden="true">
          {icon}
        </span>
        {eyebrow && <p className="vox-notice__eyebrow">{eyebrow}</p>}
        <h1 id={titleId} className="vox-notice__title">
          {title}
        </h1>
        {children && <div className="vox-notice__text">{children}</div>}
        {actions && <div className="vox-notice__actions">{actions}</div>}
      </section>
    </Page>
  );
}
