import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config';
import { createMailer, type MailMessage } from '../../mail/mailer';

declare module 'fastify' {
  interface FastifyInstance {
    mailer: {
      /**
       * Sends in the background, as a job (`mail.send`): the request does not wait for (or
       * reveal) delivery, which keeps answers for known and unknown emails alike in content and
       * timing. A failed delivery is retried with back-off and, failing for good, is listed for
       * staff (GET /api/jobs/failures).
       */
      sendLater(message: MailMessage, context: Record<string, unknown>): void;
      /** Resolves when every mail handed to sendLater so far has been delivered or has failed. */
      idle(): Promise<void>;
    };
  }
}

const MAIL_JOB = 'mail.send';

async function mailer(app: FastifyInstance, { config }: { config: Config }) {
  const transport = createMailer({ smtpUrl: config.smtpUrl, dataDir: config.dataDir, from: config.mailFrom, log: app.log });
  const enqueued = new Set<Promise<unknown>>();
  // Mail that fails six times over about five minutes (10 s, doubling) is given up.
  await app.jobs.define<{ message: MailMessage; context: Record<string, unknown> }>(
    MAIL_JOB,
    async ({ data }) => {
      try {
        await transport.send(data.message);
      } catch (err) {
        app.log.error({ err, ...data.context }, 'mail: sending failed');
        throw err;
      }
    },
    { retryLimit: 5, retryDelaySeconds: 10, expireInSeconds: 120 },
  );
  app.decorate('mailer', {
    sendLater(message, context) {
      const queued = app.jobs
        .enqueue(MAIL_JOB, { message, context })
        .catch((err: unknown) => app.log.error({ err, ...context }, 'mail: could not be queued'))
        .finally(() => enqueued.delete(queued));
      enqueued.add(queued);
    },
    async idle() {
      await Promise.all([...enqueued]);
      await app.jobs.idle();
    },
  });
  // onClose hooks run in reverse order of registration, so this one runs before the queue's
  // own: stop the queue here (running mail jobs finish), then let the transport go.
  app.addHook('onClose', async () => {
    await Promise.all([...enqueued]);
    await app.jobs.stop();
    transport.close();
  });
}

export default fp(mailer, { name: 'mailer', dependencies: ['jobs'] });
