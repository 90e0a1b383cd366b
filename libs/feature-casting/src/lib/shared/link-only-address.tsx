import { useSiteHref } from '@vox/ui';
import { href } from '@vox/variant';

/** A link-only call's address, for its owner to pass on. */
export function LinkOnlyAddress({ linkId }: { linkId: string }) {
  const siteHref = useSiteHref();
  const path = href('castingLink', { linkId });
  const url = new URL(siteHref(path), window.location.origin).toString();
  return (
    <p>
      Link only: share this address: <span className="vox-casting-link">{url}</span>
    </p>
  );
}
