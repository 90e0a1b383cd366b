import Type from 'typebox';

/** Every error answer: `{ message }`, a human-readable text the UI shows as the server's text. */
export const ErrorBody = Type.Object({ message: Type.String() });
export type ErrorBody = Type.Static<typeof ErrorBody>;

export const IdParam = Type.String({ minLength: 1, maxLength: 64, pattern: '^[A-Za-z0-9_-]+$' });

/** Another user as lists and pages show them: enough for a name, an avatar and a profile link. */
export const Person = Type.Object({
  id: Type.String(),
  handle: Type.Union([Type.String(), Type.Null()]),
  name: Type.Union([Type.String(), Type.Null()]),
  photo: Type.Union([Type.String(), Type.Null()]),
});
export type Person = Type.Static<typeof Person>;

/** One page of a list: the items, how many there are in all, and which page this is. */
export const PageQuery = Type.Object({
  page: Type.Optional(Type.Integer({ minimum: 1, maximum: 100000 })),
  pageSize: Type.Optional(Type.Integer({ minimum: 1, maximum: 100 })),
});
export type PageQuery = Type.Static<typeof PageQuery>;
export const Paged = <T extends Type.TSchema>(item: T) =>
  Type.Object({ items: Type.Array(item), total: Type.Integer({ minimum: 0 }), page: Type.Integer({ minimum: 1 }), pageSize: Type.Integer({ minimum: 1 }) });
export interface Page<T> {
  items: T[];
  total: number;
  page: number;
  pageSize: number;
}
