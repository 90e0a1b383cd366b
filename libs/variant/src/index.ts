export * from './lib/resolve-variant';
export * from './lib/layout';
// Every route's path once, and the hrefs links build from it.
export { PATHS, href, pathPattern, type PathId, type PlainPathId } from './lib/paths';
// Each site's name.
export { SCHOOL_PRODUCT_NAME, documentTitle, productNameFor } from './lib/product-name';
