import { listActivityQuerySchema } from '../contract/activity';
import { pageSchema } from '../contract/common';
import { realtimeEventSchema } from '../contract/events';
import { defineEndpoint } from './define';

export const activity = {
  list: defineEndpoint({
    method: 'GET',
    path: '/activity',
    summary: 'The organization’s activity log, newest first',
    tag: 'Activity',
    query: listActivityQuerySchema,
    response: pageSchema(realtimeEventSchema),
  }),
};

export const events = {
  stream: defineEndpoint({
    method: 'GET',
    path: '/events',
    summary: 'Server-Sent Events of every committed change (resume with Last-Event-ID)',
    tag: 'Activity',
    stream: true,
  }),
};
