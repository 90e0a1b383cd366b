import type { ComponentType } from 'react';

/** Pages by route id (or by a page id the table names, such as what sits behind the auth modal). */
export type PageRecord = Record<string, ComponentType>;
