import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { CLASS_MESSAGES } from '@vox/contract/schemas';
import { fromContract } from './from-contract';

const tags = ['school'];

/** Set-password codes from a class list: a few tries per address, then a pause (each code also counts its tries per address: SETUP_CODE_TRIES). */
const setPasswordLimit = {
  max: 10,
  timeWindow: '10 minutes',
  groupId: 'school-set-password',
  keyGenerator: (request: FastifyRequest) => `set-password:${request.ip}`,
  errorResponseBuilder: (_request: FastifyRequest, context: { statusCode: number }) => ({ statusCode: context.statusCode, message: CLASS_MESSAGES.codeInvalid }),
};

/** Open: a student whose account a teacher created sets a password with the code. */
export const openClassRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.route({
    ...fromContract('setPasswordWithCode', { tags, summary: 'Set the password of a User ID account with the code from the teacher', config: { rateLimit: setPasswordLimit } }),
    handler: async (request) => {
      await app.classes.setPassword(request.body.userId, request.body.code, request.body.password, request.ip);
      return { message: CLASS_MESSAGES.passwordSet };
    },
  });
};

/** Classes, enrolment, assignments and review (members only; teacher calls also need `teach`). */
export const classRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { classes } = app;
  const teach = app.requirePrivilege('teach');

  app.route({ ...fromContract('schoolHome', { tags, summary: 'My classes, work due and feedback; or (teachers) work to review' }), handler: async (request) => classes.home(request.user.id) });
  app.route({ ...fromContract('classes', { tags, summary: 'The classes I teach or am in' }), handler: async (request) => classes.list(request.user.id) });
  app.route({
    ...fromContract('createClass', { tags, summary: 'Create a class (teachers)' }),
    preHandler: teach,
    handler: async (request, reply) => reply.code(201).send(await classes.create(request.user.id, request.body)),
  });
  app.route({ ...fromContract('schoolClass', { tags, summary: 'One class: students, assignments, certificates' }), handler: async (request) => classes.detail(request.user.id, request.params.classId) });
  app.route({
    ...fromContract('updateClass', { tags, summary: 'Archive or restore a class' }),
    preHandler: teach,
    handler: async (request) => classes.setArchived(request.user.id, request.params.classId, request.body.archived),
  });
  app.route({
    ...fromContract('enrolFromCsv', { tags, summary: 'Create User ID accounts from CSV (name, user id), all or none' }),
    preHandler: teach,
    handler: async (request, reply) => reply.code(201).send(await classes.enrolFromCsv(request.user.id, request.params.classId, request.body.csv)),
  });
  app.route({
    ...fromContract('inviteToClass', { tags, summary: 'Add an existing member by email' }),
    preHandler: teach,
    handler: async (request, reply) => reply.code(201).send(await classes.invite(request.user.id, request.params.classId, request.body.email)),
  });
  app.route({
    ...fromContract('removeFromClass', { tags, summary: 'Remove a student from the class' }),
    preHandler: teach,
    handler: async (request, reply) => {
      await classes.remove(request.user.id, request.params.classId, request.params.userId);
      return reply.code(204).send(null);
    },
  });
  app.route({
    ...fromContract('newSetupCode', { tags, summary: 'A new set-password code for a student the class created' }),
    preHandler: teach,
    handler: async (request, reply) => reply.code(201).send({ student: await classes.newSetupCode(request.user.id, request.params.classId, request.params.userId) }),
  });
  app.route({
    ...fromContract('createAssignment', { tags, summary: 'Assign a script with a role per student and a due date' }),
    preHandler: teach,
    handler: async (request, reply) => reply.code(201).send(await classes.createAssignment(request.user.id, request.params.classId, request.body)),
  });
  app.route({ ...fromContract('assignment', { tags, summary: 'An assignment with the work I may see' }), handler: async (request) => classes.assignment(request.user.id, request.params.assignmentId) });
  app.route({ ...fromContract('sessionWork', { tags, summary: 'The assignment work tied to a reading session' }), handler: async (request) => classes.sessionWork(request.user.id, request.params.sessionId) });
  app.route({ ...fromContract('submitWork', { tags, summary: 'Submit my work' }), handler: async (request) => classes.submit(request.user.id, request.params.workId) });
  app.route({
    ...fromContract('commentOnWork', { tags, summary: 'Comment on work, a line, or a time in a take' }),
    preHandler: teach,
    handler: async (request, reply) => reply.code(201).send(await classes.comment(request.user.id, request.params.workId, request.body)),
  });
  app.route({
    ...fromContract('reviewWork', { tags, summary: 'Return work for another try or mark it complete' }),
    preHandler: teach,
    handler: async (request) => classes.review(request.user.id, request.params.workId, request.body),
  });
  app.route({
    ...fromContract('issueClassCertificate', { tags, summary: 'Issue a certificate to a student who completed the class' }),
    preHandler: teach,
    handler: async (request, reply) => reply.code(201).send(await classes.issueCertificate(request.user.id, request.params.classId, request.body.studentId)),
  });
};
