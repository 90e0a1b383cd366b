import type { FastifyPluginAsync } from 'fastify';
import createRoutes from './create';
import passwordRoutes from './password';
import signInRoutes from './sign-in';
import handoffRoutes from './handoff';

/** /api/users/*: accounts, sign-in and sessions. */
const usersRoutes: FastifyPluginAsync = async (app) => {
  await app.register(createRoutes);
  await app.register(signInRoutes);
  await app.register(passwordRoutes);
  await app.register(handoffRoutes);
};

export default usersRoutes;
