import Fastify, { type FastifyError, type FastifyInstance } from 'fastify';
import fastifyRateLimit from '@fastify/rate-limit';
import { countsAgainstLimit, rateLimitKey } from './platform/rate-limit-key.js';
import {
  MemoryCounter,
  MemoryRateLimitStore,
  redisOrMemoryStore,
  SharedCounting,
} from './platform/rate-limit-store.js';
import fastifySwagger from '@fastify/swagger';
import {
  hasZodFastifySchemaValidationErrors,
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
} from 'fastify-type-provider-zod';
import { BODY_LIMITS, MESSAGES, PRODUCT_NAME } from '@portal/shared';
import type { Config } from './config.js';
import type { Database } from './db/client.js';
import { MODULES } from './modules/index.js';
import { devRoutes } from './modules/dev/index.js';
import { registerRules } from './platform/access.js';
import { checkRouteAccess, noteRoutes } from './platform/route-access.js';
import { authPlugin } from './platform/auth.js';
import { depsOfRequest, type Deps } from './platform/deps.js';
import { AppError, fromDatabaseError, isConnectionLost, tooManyRequests } from './platform/errors.js';
import { registerHealth } from './platform/health.js';
import { registerMetrics } from './platform/metrics.js';
import { devMailbox, httpSms, noSms, smtpMailer } from './platform/mail.js';
import { closeAfterUnreadBody, closeConnectionsOnClose } from './platform/connections.js';
import { loggerOptions, RequestLines, type LogStream } from './platform/logging.js';
import { loadFastWriters } from './platform/serializer.js';
import { registerSecurityHeaders } from './platform/security-headers.js';
import { registerCompression } from './platform/compression.js';
import { registerWeb } from './platform/web.js';
import { withMultipartBodies } from './platform/uploads.js';
import { listen } from './platform/events.js';
import { moduleExports } from './platform/module-exports.js';

export { loadFastWriters };

export interface BuildOptions {
  config: Config;
  database: Database;
  /** Test servers turn the request log off. */
  logger?: boolean;
  /** Log lines go here instead of stdout (a test reads them). */
  logStream?: LogStream;
  /**
   * The caller loads the hot routes' writer (`loadFastWriters`) once the server listens (main.ts);
   * otherwise buildApp waits for it, so a test's answers are written and checked by it.
   */
  writersAfterListen?: boolean;
}

declare module 'fastify' {
  interface FastifyInstance {
    deps: Deps;
  }
  interface FastifyRequest {
    /** The app's deps with this request's logger and address (platform/deps.ts). */
    deps: Deps;
  }
}

/** A compiler factory Fastify never calls: setValidatorCompiler and setSerializerCompiler replace it. */
function replacedBelow(): never {
  throw new Error('the app sets its own validator and serializer compilers');
}

/** Turns zod issues into the spec's one error shape: the first message, and every message by field. */
function validationBody(error: FastifyError) {
  const errors: Record<string, string[]> = {};
  for (const issue of error.validation ?? []) {
    const field = issue.instancePath.replace(/^\//, '').replace(/\//g, '.') || 'body';
    (errors[field] ??= []).push(issue.message ?? MESSAGES.validationFailed);
  }
  const first = Object.values(errors)[0]?.[0] ?? MESSAGES.validationFailed;
  return { message: first, errors };
}

export async function buildApp({
  config,
  database,
  logger = true,
  logStream,
  writersAfterListen = false,
}: BuildOptions): Promise<FastifyInstance> {
  if (!writersAfterListen) await loadFastWriters();
  const app = Fastify({
    logger: logger ? loggerOptions(config.logLevel, logStream) : false,
    logController: new RequestLines(),
    trustProxy: config.trustProxy,
    // JSON bodies are small; a route that takes more (the CSV import) sets its own limit.
    bodyLimit: BODY_LIMITS.jsonBytes,
    // The socket's inactivity timeout (config.ts, SOCKET_IDLE_TIMEOUT_S): Node's own default is none.
    connectionTimeout: config.socketIdleTimeoutMs,
    // Notification ids travel as a JSON list in the path.
    routerOptions: { maxParamLength: 20_000 },
    // Without factories named here, Fastify loads its default compilers (Ajv, fast-json-stringify's
    // compiler) as it is created, though the set calls below replace them before any route is
    // built: about 60 ms of every start (bench/README.md, fifth session of 2026-11-27).
    schemaController: { compilersFactory: { buildValidator: replacedBelow, buildSerializer: replacedBelow } },
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  // The development mailbox only outside production; there config has required MAIL_URL.
  // Outside a request the services log through the app's logger; a request's deps carry its own (deps.ts).
  const log = app.log;
  const dev = config.env === 'production' ? null : devMailbox(database.db);
  const mailer = config.mailUrl ? smtpMailer(config.mailUrl, config.mailFrom) : dev?.mailer;
  if (!mailer) throw new Error('MAIL_URL is required in production');
  const deps: Deps = {
    db: database.db,
    config,
    mailer,
    sms: config.smsUrl ? httpSms(config.smsUrl) : (dev?.sms ?? noSms),
    log,
    ip: null,
  };
  app.decorate('deps', deps);

  // One error handler: client errors keep their message, server errors never show internals.
  app.setErrorHandler((error: FastifyError, req, reply) => {
    if (hasZodFastifySchemaValidationErrors(error)) return reply.code(400).send(validationBody(error));
    if (isConnectionLost(error)) {
      req.log.warn({ err: { message: error.message, code: error.code } }, 'database connection lost: answered 503');
      return reply.code(503).header('retry-after', '1').send({ message: MESSAGES.serviceUnavailable });
    }
    const known = error instanceof AppError ? error : fromDatabaseError(error);
    if (known)
      return reply
        .code(known.statusCode)
        .send({ message: known.message, ...(known.errors ? { errors: known.errors } : {}) });
    const status = error.statusCode ?? 500;
    if (status === 429) return reply.code(429).send({ message: MESSAGES.tooManyRequests });
    if (status >= 400 && status < 500) return reply.code(status).send({ message: error.message });
    req.log.error({ err: error }, 'request failed');
    return reply.code(500).send({ message: MESSAGES.serverError });
  });

  // Order matters: headers and limits first, then who is calling, then the routes.
  registerSecurityHeaders(app);
  registerCompression(app);
  closeConnectionsOnClose(app);
  closeAfterUnreadBody(app);
  // Limits of single routes (`config.rateLimit`: sign-in, public forms) are the plugin's hooks on
  // those routes. Their x-ratelimit-* headers only on a refused request (with retry-after): on every
  // other answer they were three headers the app never reads, built for each reply.
  // With REDIS_URL every process counts in Redis while it is reachable, and in its own memory
  // while it is not (platform/rate-limit-store.ts); without REDIS_URL each process counts alone.
  // Commands fail at once while disconnected (no offline queue, no retry of a command cut by a
  // closed connection, a second at most for an answer) and are then counted in memory.
  const counting = config.redisUrl
    ? new SharedCounting(
        new (await moduleExports(import('ioredis'))).Redis(config.redisUrl, {
          enableOfflineQueue: false,
          maxRetriesPerRequest: 0,
          commandTimeout: 1_000,
        }),
        app.log,
      )
    : null;
  if (counting) {
    await counting.firstConnection(2_000);
    app.addHook('onClose', () => counting.close());
  }
  await app.register(fastifyRateLimit, {
    global: false,
    timeWindow: '1 minute',
    keyGenerator: rateLimitKey,
    addHeadersOnExceeding: { 'x-ratelimit-limit': false, 'x-ratelimit-remaining': false, 'x-ratelimit-reset': false },
    store: counting ? redisOrMemoryStore(counting, config.redisPrefix) : MemoryRateLimitStore,
  });
  // The limit of every call, per client address: an app-wide hook, so it runs before the token
  // is looked up (authPlugin's hook, added after this one). As the plugin's global limit it was a
  // hook of each route, and those run after every app-wide hook: requests with made-up tokens each
  // cost a lookup and were never limited. In memory it is counted at once, without the plugin's
  // per-request promises (a hot path); with Redis through the plugin's public createRateLimit.
  // The web app's own files are not counted (`countsAgainstLimit`).
  const maxPerMinute = Math.ceil(600 * config.rateLimitFactor);
  if (counting) {
    const limit = app.createRateLimit({ max: maxPerMinute, timeWindow: 60_000, keyGenerator: rateLimitKey });
    app.addHook('onRequest', async (req, reply) => {
      if (!countsAgainstLimit(req.url)) return;
      const result = await limit(req);
      if (result.isAllowed || !result.isExceeded) return;
      reply.header('retry-after', String(result.ttlInSeconds));
      throw tooManyRequests();
    });
  } else {
    const everyRequest = new MemoryCounter();
    app.addHook('onRequest', (req, reply, done) => {
      if (!countsAgainstLimit(req.url)) return done();
      const { current, ttl } = everyRequest.count(rateLimitKey(req), 60_000);
      if (current <= maxPerMinute) return done();
      reply.header('retry-after', String(Math.ceil(ttl / 1000)));
      done(tooManyRequests());
    });
  }
  // Each request's deps: the services' log lines then carry its id, their audit records its address.
  app.decorateRequest('deps', null as unknown as Deps);
  app.addHook('onRequest', (req, _reply, done) => {
    req.deps = depsOfRequest(deps, req);
    done();
  });
  await app.register(fastifySwagger, {
    openapi: {
      info: { title: `${PRODUCT_NAME} API`, version: '1.0.0' },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer' } } },
      security: [{ bearer: [] }],
    },
    transform: withMultipartBodies(jsonSchemaTransform),
  });
  // Loaded only when the pages are served (API_DOCS): it brings @fastify/static and its own files.
  if (config.apiDocs)
    await app.register(await moduleExports(import('@fastify/swagger-ui')), {
      routePrefix: '/api/docs',
      staticCSP: true,
      uiHooks: {},
    });
  await app.register(authPlugin, { deps });

  const routes = noteRoutes(app);
  registerHealth(app, database);
  registerMetrics(app, database, config.metricsToken);

  // Every area's access rules, then its reactions to events (in the emitting transaction), then its
  // routes; every /api route must name an action with a rule, or be public (route-access.ts).
  registerRules(MODULES.flatMap((m) => m.rules ?? []));
  for (const m of MODULES) if (m.onEvent) listen(m.onEvent);
  await app.register(
    async (api) => {
      for (const m of MODULES) if (m.routes) await api.register(m.routes, { deps });
    },
    { prefix: '/api' },
  );
  if (config.env !== 'production') await app.register(devRoutes, { deps });
  await registerWeb(app, config.webDist);
  // After every route is in: registered during the registrations above, read once they are done.
  await app.after();
  checkRouteAccess(routes);
  return app;
}
