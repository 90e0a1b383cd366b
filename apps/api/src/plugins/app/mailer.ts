import fp from 'fastify-plugin';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../../config';
import { createMailer, type MailMessage } from '../../mail/mailer';

declare module 'fastify' {
  interface FastifyInstance {
    mailer: {
      /**
       * Sends in the background: the request does not wait for (or reveal) delivery, which keeps
       * answers for known and unknown emails alike in content and timing. Failures are logged.
       */
      sendLater(message: MailMessage, context: Record<string, unknown>): void;
      /** Resolves when every mail handed to sendLater so far has been delivered or has failed. */
      idle(): Promise<void>;
    };
  }
}

async function mailer(app: FastifyInstance, { config }: { config: Config }) {
  const transport = createMailer({ smtpUrl: config.smtpUrl, dataDir: config.dataDir, from: config.mailFrom, log: app.log });
  const pending = new Set<Promise<void>>();
  app.decorate('mailer', {
    sendLater(message, context) {
      const delivery = transport
        .send(message)
        .catch((err: unknown) => app.log.error({ err, ...context }, 'mail: sending failed'))
        .finally(() => pending.delete(delivery));
      pending.add(delivery);
    },
    async idle() {
      await Promise.all([...pending]);
    },
  });
  app.addHook('onClose', async () => {
    await Promise.all([...pending]);
    transport.close();
  });
}

export default fp(mailer, { name: 'mailer' });
