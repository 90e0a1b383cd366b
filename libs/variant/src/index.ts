export * from './lib/resolve-variant';
export * from './lib/layout';
// Issue 21: each site's name.
export { PRODUCT_NAME, SCHOOL_PRODUCT_NAME, productNameFor } from './lib/product-name';
