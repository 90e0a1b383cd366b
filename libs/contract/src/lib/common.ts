import Type from 'typebox';

/** Every error answer: `{ message }`, a human-readable text the UI shows as the server's text. */
export const ErrorBody = Type.Object({ message: Type.String() });
export type ErrorBody = Type.Static<typeof ErrorBody>;

export const IdParam = Type.String({ minLength: 1, maxLength: 64, pattern: '^[A-Za-z0-9_-]+$' });
