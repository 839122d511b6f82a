import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { REALTIME_EVENT_ACTIONS } from './events';

// The REST API page promises a table of every realtime event; a new event must reach it.
const apiDocs = readFileSync(new URL('../../../../content/docs/features/api.mdx', import.meta.url), 'utf8');

describe('the realtime events in the docs', () => {
  it.each(REALTIME_EVENT_ACTIONS.map((action) => [action]))('lists %s', (action) => {
    expect(apiDocs).toContain(`| \`${action}\` |`);
  });
});
