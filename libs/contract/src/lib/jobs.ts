import Type from 'typebox';

/** A background job as staff (and features showing progress) see it: never its data. */
export const JobStatusBody = Type.Object({
  id: Type.String(),
  name: Type.String(),
  state: Type.Union([Type.Literal('queued'), Type.Literal('active'), Type.Literal('retry'), Type.Literal('completed'), Type.Literal('failed')]),
  progress: Type.Union([Type.Number({ minimum: 0, maximum: 1 }), Type.Null()]),
  attempts: Type.Integer({ minimum: 0 }),
  error: Type.Union([Type.String(), Type.Null()]),
  createdAt: Type.String(),
});
export type JobStatusBody = Type.Static<typeof JobStatusBody>;

export const JobFailuresBody = Type.Object({ failures: Type.Array(JobStatusBody) });
export type JobFailuresBody = Type.Static<typeof JobFailuresBody>;

export const JobFailuresQuery = Type.Object({ limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 200 })) });

export const JobParams = Type.Object({
  name: Type.String({ minLength: 1, maxLength: 100, pattern: '^[a-z][a-z0-9.-]*$' }),
  id: Type.String({ pattern: '^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$' }),
});

export const JOB_MESSAGES = {
  jobNotFound: 'This job was not found.',
  staffOnly: 'Only staff can see background jobs.',
} as const;
