import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { MESSAGES } from '@portal/shared';
import { isApiPath } from './api-path.js';

/** apps/web/dist, from src/platform or dist/platform alike. */
const DEFAULT_WEB_DIST = fileURLToPath(new URL('../../../web/dist', import.meta.url));

/**
 * Serves the built single-page app. Every path that is not /api and not a file gets index.html,
 * and the app's router sends unknown ones to /.
 */
export async function registerWeb(app: FastifyInstance, webDist = DEFAULT_WEB_DIST) {
  const root = path.resolve(webDist);
  const built = existsSync(path.join(root, 'index.html'));
  if (built) {
    await app.register(fastifyStatic, {
      root,
      wildcard: false,
      index: false,
      // The build writes .br and .gz beside each asset (apps/web/scripts/compress.mjs).
      preCompressed: true,
      // A route is made for each file found here; assets are served by the /assets/* route below
      // and compressed copies through preCompressed, so only the files at the top get one: a
      // route for each of the hundreds of files was a noticeable part of the cold start.
      globIgnore: ['assets/**', '**/*.br', '**/*.gz'],
      // Hashed assets never change; index.html must always be fresh.
      setHeaders: (res, file) => {
        res.header(
          'cache-control',
          file.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    });
    app.get('/assets/*', { config: { auth: 'none' }, schema: { hide: true } }, (req, reply) =>
      reply.sendFile(path.join('assets', (req.params as { '*': string })['*'])),
    );
  }
  app.setNotFoundHandler((req, reply) => {
    // HEAD is answered as GET without the body (uptime checks ask with it); other methods are 404.
    if (isApiPath(req.url) || (req.method !== 'GET' && req.method !== 'HEAD')) {
      return reply.code(404).send({ message: MESSAGES.notFound });
    }
    if (!built) {
      return reply.code(503).type('text/plain').send('The web app is not built yet: run `npm run build`.');
    }
    if (/\.[a-z0-9]{1,8}$/i.test(req.url.split('?')[0]!) && !req.url.startsWith('/dev/')) {
      // A missing file is a 404, not the app: a broken asset link should fail loudly.
      const file = req.url.split('?')[0]!.slice(1);
      if (existsSync(path.join(root, file)) && !file.includes('..')) return reply.sendFile(file);
      return reply.code(404).type('text/plain').send('Not found');
    }
    return reply.type('text/html').header('cache-control', 'no-cache').sendFile('index.html');
  });
}
