// The school area's plain values and types for the web: forms and certificates. A
// separate entry, so its texts load with those pages and not with every first page.
export * from './lib/school-values';
export type * from './lib/school';
// Classes and assignments.
export * from './lib/classes-values';
export type * from './lib/classes';
// The school area's calls (schoolEndpoints): forms, certificates, classes and assignments.
export * from './lib/school-endpoints';
