import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { fromContract } from './from-contract';

/**
 * Drafts, revisions and templates, members only and each route for holders of the
 * `draft` privilege (403 otherwise, checked per request so a new subscription opens them at once).
 */
const draftRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { drafts } = app;
  app.addHook('preHandler', app.requirePrivilege('draft'));

  app.route({ ...fromContract('drafts', { tags: ['drafts'] }), handler: async (request) => drafts.list(request.user.id, request.query) });
  app.route({
    ...fromContract('createDraft', { tags: ['drafts'] }),
    handler: async (request, reply) => reply.code(201).send(await drafts.create(request.user.id, request.body)),
  });
  app.route({
    ...fromContract('saveDraft', { tags: ['drafts'] }),
    handler: async (request) => drafts.save(request.user.id, request.params.draftId, request.body),
  });
  app.route({
    ...fromContract('renameDraft', { tags: ['drafts'] }),
    handler: async (request) => drafts.rename(request.user.id, request.params.draftId, request.body.title),
  });
  app.route({
    ...fromContract('deleteDraft', { tags: ['drafts'] }),
    handler: async (request, reply) => {
      await drafts.remove(request.user.id, request.params.draftId);
      return reply.code(204).send(null);
    },
  });
  app.route({
    ...fromContract('duplicateDraft', { tags: ['drafts'] }),
    handler: async (request, reply) => reply.code(201).send(await drafts.duplicate(request.user.id, request.params.draftId)),
  });
  app.route({
    ...fromContract('draftPdf', { tags: ['drafts'], summary: 'The draft as a standard screenplay PDF' }),
    handler: async (request, reply) => {
      const { title, bytes } = await drafts.pdf(request.user.id, request.params.draftId);
      const name = `${title.replace(/[^\w .-]+/g, '').trim() || 'draft'}.pdf`;
      return reply.type('application/pdf').header('content-disposition', `attachment; filename="${name}"`).send(bytes);
    },
  });
  app.route({
    ...fromContract('draftFdx', { tags: ['drafts'], summary: 'The draft as a Final Draft file (.fdx)' }),
    handler: async (request, reply) => {
      const { title, xml } = await drafts.fdx(request.user.id, request.params.draftId);
      const name = `${title.replace(/[^\w .-]+/g, '').trim() || 'draft'}.fdx`;
      return reply.type('application/xml; charset=utf-8').header('content-disposition', `attachment; filename="${name}"`).send(Buffer.from(xml, 'utf8'));
    },
  });
  app.route({
    ...fromContract('importDraft', { tags: ['drafts'], summary: 'A Fountain or Final Draft file as a new draft' }),
    handler: async (request, reply) => reply.code(201).send(await drafts.importFile(request.user.id, request.body)),
  });
  app.route({
    ...fromContract('startRevisionColor', { tags: ['drafts'], summary: 'Start the next revision colour' }),
    handler: async (request) => drafts.startRevisionColor(request.user.id, request.params.draftId),
  });
  app.route({
    ...fromContract('draftRevisions', { tags: ['drafts'] }),
    handler: async (request) => drafts.revisions(request.user.id, request.params.draftId),
  });
  app.route({
    ...fromContract('createDraftRevision', { tags: ['drafts'] }),
    handler: async (request, reply) => reply.code(201).send(await drafts.nameRevision(request.user.id, request.params.draftId, request.body.name)),
  });
  app.route({
    ...fromContract('draftRevision', { tags: ['drafts'] }),
    handler: async (request) => drafts.revision(request.user.id, request.params.draftId, request.params.revisionId),
  });
  app.route({
    ...fromContract('restoreDraftRevision', { tags: ['drafts'] }),
    handler: async (request) => drafts.restore(request.user.id, request.params.draftId, request.params.revisionId),
  });

  app.route({
    ...fromContract('publishDraft', { tags: ['drafts'], summary: 'Publish the draft as a script (or update the one it made), keeping every take' }),
    handler: async (request) => drafts.publish(request.user.id, request.params.draftId, request.body.baseRevision),
  });

  app.route({ ...fromContract('templates', { tags: ['templates'] }), handler: async (request) => drafts.templates(request.user.id) });
  app.route({
    ...fromContract('createTemplate', { tags: ['templates'] }),
    handler: async (request, reply) => reply.code(201).send(await drafts.createTemplate(request.user.id, request.body)),
  });
  app.route({
    ...fromContract('template', { tags: ['templates'] }),
    handler: async (request) => drafts.template(request.user.id, request.params.templateId),
  });
  app.route({
    ...fromContract('saveTemplate', { tags: ['templates'] }),
    handler: async (request) => drafts.saveTemplate(request.user.id, request.params.templateId, request.body),
  });
  app.route({
    ...fromContract('deleteTemplate', { tags: ['templates'] }),
    handler: async (request, reply) => {
      await drafts.removeTemplate(request.user.id, request.params.templateId);
      return reply.code(204).send(null);
    },
  });
};

export default draftRoutes;
