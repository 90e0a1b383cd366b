import type { ReactNode } from 'react';
import { Link } from 'react-router';

export interface SiteLinkProps {
  to: string;
  /**
   * On a host that does not serve the page (the dashboard), the main site's address;
   * the link then leads there as an absolute URL instead of to this host's 404.
   */
  base?: string;
  className?: string;
  title?: string;
  children?: ReactNode;
}

/** A link to a page of the main site: in-app when this host serves it, else absolute. */
export function SiteLink({ to, base, className, title, children }: SiteLinkProps) {
  if (base) {
    return (
      <a href={new URL(to, base).href} className={className} title={title}>
        {children}
      </a>
    );
  }
  return (
    <Link to={to} className={className} title={title}>
      {children}
    </Link>
  );
}
