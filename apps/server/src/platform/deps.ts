import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import type { Config } from '../config.js';
import type { Db } from '../db/client.js';
import type { Mailer, SmsSender } from './mail.js';

/**
 * What services need from the outside world. Built once in buildApp; each request (and each pass of
 * background work, logging.ts `asJob`) gets its own copy with its logger and address, so a service's
 * log lines carry the request id and its audit records the address without a request-wide store.
 * (An AsyncLocalStorage held both until it was found to cost the list calls about a tenth of their
 * throughput on Node 20: its promise hooks run for every promise of every request, bench/README.md.)
 */
export interface Deps {
  db: Db;
  config: Config;
  mailer: Mailer;
  sms: SmsSender;
  /** The request's logger (its lines carry its id), a background pass's, or the app's. */
  log: FastifyBaseLogger;
  /** The address of the request being served (req.ip: the peer, or with TRUST_PROXY the forwarded client); null outside one. */
  ip: string | null;
}

/** The deps of one request: the app's, with the request's logger and address. */
export function depsOfRequest(deps: Deps, req: FastifyRequest): Deps {
  return { db: deps.db, config: deps.config, mailer: deps.mailer, sms: deps.sms, log: req.log, ip: req.ip };
}
