import { createContext, useContext, type ReactNode } from 'react';
import { Link } from 'react-router';

/** The sites of the route table (the dashboard host serves none of it). */
export type LinkSite = 'main' | 'school' | 'podcast';

/**
 * Where a path leads from this host: the path itself when this host serves it, else the absolute
 * address on the host that does; `site` names that host outright. The shell answers from the
 * route table (`siteHref` in @vox/site-routes); without it every path stays on this host.
 */
export type SiteHref = (path: string, site?: LinkSite) => string;

const SiteHrefContext = createContext<SiteHref>((path) => path);
export const SiteHrefProvider = SiteHrefContext.Provider;
export const useSiteHref = (): SiteHref => useContext(SiteHrefContext);

/** The resolver's answer for another host: followed with a page load, not by the router. */
export const isOtherHost = (href: string): boolean => /^https?:/.test(href);

interface SiteLinkProps {
  to: string;
  site?: LinkSite;
  className?: string;
  title?: string;
  onClick?(): void;
  children?: ReactNode;
}

/** A link to a page of the route table: in the app when this host serves it, else to the host that does. */
export function SiteLink({ to, site, children, ...rest }: SiteLinkProps) {
  const target = useSiteHref()(to, site);
  return isOtherHost(target) ? (
    <a href={target} {...rest}>
      {children}
    </a>
  ) : (
    <Link to={target} {...rest}>
      {children}
    </Link>
  );
}
