import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config';
import { assignmentsService, type AssignmentsService } from './assignments';
import { reviewsService, type ReviewsService } from './reviews';
import { rostersService, type RostersService } from './rosters';
import { createClassesContext } from './context';

declare module 'fastify' {
  interface FastifyInstance {
    classes: ClassesService;
  }
}

/**
 * Classes and assignments on recorded reads (docs/school.md).
 *
 * Who sees what: a class, its assignments and its students' work exist only for its teacher and
 * its students (404 to anyone else). A student sees their own work and comments and their
 * classmates' names (no User IDs); the teacher sees every student's work in the class, and
 * through the session tied to it the takes of that session only: the teacher is seated in it as
 * a listener, never in a student's other sessions.
 */
type ClassesService = RostersService & AssignmentsService & ReviewsService;

async function classes(app: FastifyInstance, { config }: { config: Config }) {
  const ctx = await createClassesContext(app, config);
  app.decorate('classes', { ...rostersService(ctx), ...assignmentsService(ctx), ...reviewsService(ctx) } satisfies ClassesService);
}

export default fp(classes, {
  name: 'classes',
  dependencies: ['database', 'classes-repository', 'people-repository', 'users-repository', 'password-hashing', 'certificates', 'certificates-repository', 'scripts-repository', 'authorization'],
});
