import type { Site } from './resolve-variant';

/** The product's name, everywhere it is shown (header, footer, titles). */
const PRODUCT_NAME = 'VoxClub';
/** The school site's own name (its own identity rather than a copy of the main site). */
export const SCHOOL_PRODUCT_NAME = 'VoxClub School';

/** The name a site shows in its header, footer, join dialog and tab titles. */
export const productNameFor = (site: Site): string => (site === 'school' ? SCHOOL_PRODUCT_NAME : PRODUCT_NAME);

/**
 * A tab's title: "{name} · {the site's product name}", or the product's name alone. The one
 * wording of every title, for the shell's route titles and the pages that name what they show.
 */
export const documentTitle = (name: string | null | undefined, site: Site): string => {
  const trimmed = name?.trim();
  return trimmed ? `${trimmed} · ${productNameFor(site)}` : productNameFor(site);
};
