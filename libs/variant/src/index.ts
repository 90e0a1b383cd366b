export * from './lib/resolve-variant';
export * from './lib/layout';
// Issue 11: every route's path once, and the hrefs links build from it.
export { PATHS, href, pathPattern, type PathId, type PathParams } from './lib/paths';
// Issue 21: each site's name.
export { PRODUCT_NAME, SCHOOL_PRODUCT_NAME, documentTitle, productNameFor } from './lib/product-name';
