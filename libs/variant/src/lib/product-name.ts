import type { Site } from './resolve-variant';

/** The product's name, everywhere it is shown (header, footer, titles). */
export const PRODUCT_NAME = 'VoxClub';
/** The school site's own name (issue 21: its own identity rather than a copy of the main site). */
export const SCHOOL_PRODUCT_NAME = 'VoxClub School';

/** The name a site shows in its header, footer and join dialog. */
export const productNameFor = (site: Site): string => (site === 'school' ? SCHOOL_PRODUCT_NAME : PRODUCT_NAME);
