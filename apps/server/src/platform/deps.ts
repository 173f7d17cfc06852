import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.js';
import type { Db } from '../db/client.js';
import type { Mailer, SmsSender } from './mail.js';

/** What services need from the outside world; built once in buildApp and handed down. */
export interface Deps {
  db: Db;
  config: Config;
  mailer: Mailer;
  sms: SmsSender;
  log: FastifyBaseLogger;
}
