import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  calendarFeed,
  eventCreate,
  eventList,
  eventListQuery,
  eventSaved,
  eventUpdate,
  idParam,
  messageBody,
  safeString,
} from '@portal/shared';
import { actorOf } from '../../platform/auth.js';
import { hotResponse } from '../../platform/serializer.js';
import type { Deps } from '../../platform/deps.js';
import { feedCalendar } from './calendar.feed.js';
import * as service from './calendar.service.js';

const tag = { tags: ['Calendar'] };

export async function calendarRoutes(app: FastifyInstance, { deps }: { deps: Deps }) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get('/events', {
    config: { action: 'calendar.event.list' },
    // The month the calendar shows, asked at every turn of a page.
    ...hotResponse(deps.config.checkResponses, { rowsShaped: true }),
    schema: {
      ...tag,
      description:
        "A committee's events by start (members only). start/end: overlapping that range; upcoming: starting now or later; term: future events whose title holds the words.",
      querystring: eventListQuery,
      response: { 200: eventList },
    },
    handler: (req) => service.listEvents(req.deps, actorOf(req), req.query),
  });

  r.post('/events', {
    config: { action: 'calendar.event.create' },
    schema: {
      ...tag,
      description: 'The committee admin adds an event (Sydney wall-clock times; end defaults to 1 day / 30 minutes).',
      body: eventCreate,
      response: { 200: eventSaved },
    },
    handler: (req) => service.createEvent(req.deps, actorOf(req), req.body),
  });

  r.put('/events/:id', {
    config: { action: 'calendar.event.update' },
    schema: {
      ...tag,
      description: "The event's creator changes it.",
      params: idParam,
      body: eventUpdate,
      response: { 200: eventSaved },
    },
    handler: (req) => service.updateEvent(req.deps, actorOf(req), req.params.id, req.body),
  });

  r.delete('/events/:id', {
    config: { action: 'calendar.event.delete' },
    schema: { ...tag, description: "The event's creator deletes it.", params: idParam, response: { 200: messageBody } },
    handler: (req) => service.deleteEvent(req.deps, actorOf(req), req.params.id),
  });

  r.get('/calendar/feed', {
    config: { action: 'calendar.feed.manage' },
    schema: { ...tag, description: "The user's secret calendar (ICS) address.", response: { 200: calendarFeed } },
    handler: (req) => service.getFeed(req.deps, actorOf(req)),
  });

  r.post('/calendar/feed/reset', {
    config: { action: 'calendar.feed.manage' },
    schema: {
      ...tag,
      description: 'Reset link: a new address; the old one stops working.',
      response: { 200: calendarFeed },
    },
    handler: (req) => service.resetFeed(req.deps, actorOf(req)),
  });

  r.get('/calendar/ics/:file', {
    config: { auth: 'none' },
    schema: {
      ...tag,
      description:
        'The personal feed (text/calendar), opened by calendar apps without a bearer token; the address is the secret.',
      params: z.object({ file: safeString().max(200) }),
    },
    handler: async (req, reply) => {
      const { text, etag } = await feedCalendar(req.deps, req.params.file, (tag) =>
        matches(req.headers['if-none-match'], tag),
      );
      // Kept by the calendar app alone (private), asked again each time (no-cache): an app that
      // sends back the ETag gets 304 and no body while its committees' events stay the same.
      reply.header('Cache-Control', 'private, no-cache').header('ETag', etag);
      if (text === null) return reply.code(304).send();
      return reply
        .header('Content-Type', 'text/calendar; charset=utf-8')
        .header('Content-Disposition', 'inline; filename="calendar.ics"')
        .send(text);
    },
  });
}

/** If-None-Match's weak comparison (RFC 9110, 13.1.2): a list of tags, W/ ignored, or '*'. */
const matches = (header: string | undefined, etag: string) =>
  !!header && header.split(',').some((t) => ['*', etag].includes(t.trim().replace(/^W\//, '')));
