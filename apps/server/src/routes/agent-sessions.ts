import { listAgentSessionsQuerySchema } from '@switchboard/api-client/contract';
import { Hono } from 'hono';
import type { ActingVariables } from '../auth/acting-context';
import type { Database } from '../db/client';
import { listAgentSessions } from '../domain/agent-sessions';
import { readQuery } from '../http/validation';

/** GET /agent-sessions: live and recent MCP sessions of the organisation (the Active sessions screen). */
export function agentSessionRoutes(db: Database) {
  return new Hono<{ Variables: ActingVariables }>().get('/agent-sessions', async (c) => {
    const query = readQuery(c, listAgentSessionsQuerySchema);
    return c.json({ items: await listAgentSessions(db, c.var.acting, query) });
  });
}
