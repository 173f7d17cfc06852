import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  emailSettingsBody,
  emailSettingsResponse,
  PRODUCT_NAME,
  PUBLICATION_MESSAGES,
  unsubscribeQuery,
} from '@portal/shared';
import { actorOf } from '../../platform/auth.js';
import { escapeHtml } from '../../platform/outbox.js';
import * as service from './email.service.js';

const page = (title: string, body: string) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)} - ${escapeHtml(PRODUCT_NAME)}</title></head>` +
  `<body style="font-family:Arial,sans-serif;max-width:36rem;margin:3rem auto;padding:0 1rem;color:#1a1b1e"><main><h1 style="font-size:1.4rem">${escapeHtml(PRODUCT_NAME)}</h1>${body}<p><a href="/">Go to the portal</a></p></main></body></html>`;

export async function emailRoutes(app: FastifyInstance) {
  // The one-click unsubscribe of mail clients (RFC 8058) posts a form; this plugin reads it as text.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) =>
    done(null, body),
  );
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/notifications/email-settings', {
    config: { action: 'notifications.email.update' },
    schema: {
      tags: ['Notifications'],
      description:
        'How the user takes notification mail: each one as it comes (default) or a daily digest; the kinds unsubscribed.',
      response: { 200: emailSettingsResponse },
    },
    handler: (req) => service.getSettings(req.deps, actorOf(req)),
  });

  r.put('/notifications/email-settings', {
    config: { action: 'notifications.email.update' },
    schema: {
      tags: ['Notifications'],
      body: emailSettingsBody,
      response: { 200: emailSettingsResponse.extend({ message: z.string() }) },
    },
    handler: (req) => service.saveSettings(req.deps, actorOf(req), req.body),
  });

  r.get('/unsubscribe', {
    config: { auth: 'none' },
    schema: {
      tags: ['Notifications'],
      description: 'The signed link of a mail: a page asking to confirm (no sign-in).',
      querystring: unsubscribeQuery,
    },
    handler: async (req, reply) => {
      reply.type('text/html; charset=utf-8');
      if (!service.validLink(req.deps, req.query))
        return reply.code(400).send(page('Unsubscribe', `<p>${PUBLICATION_MESSAGES.unsubscribeInvalid}</p>`));
      const action = `/api/unsubscribe?${new URLSearchParams({ u: String(req.query.u), k: req.query.k, s: req.query.s }).toString()}`;
      return page(
        'Unsubscribe',
        `<p>Stop receiving ${escapeHtml(service.labelOf(req.query.k))} by email? You will still see them in the portal.</p>` +
          `<form method="post" action="${escapeHtml(action)}"><button type="submit" style="padding:.5rem 1rem">Unsubscribe</button></form>`,
      );
    },
  });

  r.post('/unsubscribe', {
    config: { auth: 'none' },
    schema: {
      tags: ['Notifications'],
      description:
        'Unsubscribes the signed link’s user from its kind of mail (also the one-click POST of mail clients).',
      querystring: unsubscribeQuery,
    },
    handler: async (req, reply) => {
      reply.type('text/html; charset=utf-8');
      if (!(await service.unsubscribe(req.deps, req.query)))
        return reply.code(400).send(page('Unsubscribe', `<p>${PUBLICATION_MESSAGES.unsubscribeInvalid}</p>`));
      return page('Unsubscribed', `<p>${PUBLICATION_MESSAGES.unsubscribed}</p>`);
    },
  });
}
