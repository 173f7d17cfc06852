import { desc } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { devMessages } from '../../db/schema/index.js';
import type { Deps } from '../../platform/deps.js';
import { loopbackOnly } from './loopback.js';

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function listMessages(deps: Deps) {
  return deps.db.select().from(devMessages).orderBy(desc(devMessages.id)).limit(100);
}

/**
 * The development mailbox, registered only when NODE_ENV is not production: where codes and links
 * go when MAIL_URL / SMS_URL are not set. It answers loopback requests only (loopback.ts).
 */
export async function devRoutes(app: FastifyInstance, { deps }: { deps: Deps }) {
  // Encapsulated: applies to the mailbox's routes only.
  app.addHook('onRequest', loopbackOnly);
  app.get('/api/dev/mail', { config: { auth: 'none' }, schema: { tags: ['Development'] } }, async () => {
    const rows = await listMessages(deps);
    return {
      messages: rows.map((m) => ({
        id: m.id,
        kind: m.kind,
        to: m.to,
        subject: m.subject,
        text: m.text,
        created_at: m.createdAt.toISOString(),
      })),
    };
  });

  app.get('/dev/mail', { config: { auth: 'none' }, schema: { hide: true } }, async (_req, reply) => {
    const rows = await listMessages(deps);
    const items = rows
      .map(
        (m) =>
          `<article><h2>${escape(m.subject)}</h2><p class="meta">${m.kind} to ${escape(m.to)} at ${m.createdAt.toISOString()}</p><pre>${escape(m.text)}</pre></article>`,
      )
      .join('\n');
    reply.type('text/html; charset=utf-8');
    return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Development mailbox</title>
<style>body{font-family:system-ui,sans-serif;max-width:50rem;margin:2rem auto;padding:0 1rem;color:#1f2933}
article{border:1px solid #d9e2ec;border-radius:8px;padding:0.5rem 1rem;margin:1rem 0}h2{font-size:1.1rem}
.meta{color:#52606d;font-size:0.85rem}pre{white-space:pre-wrap;word-break:break-all}</style></head>
<body><h1>Development mailbox</h1><p>Mail and SMS the portal sent while MAIL_URL / SMS_URL are not set, newest first.</p>
${items || '<p>No messages yet.</p>'}</body></html>`;
  });
}
