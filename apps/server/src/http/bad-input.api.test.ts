import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { allEndpoints, type Endpoint } from '@switchboard/api-client';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as z from 'zod';
import { type Person, TEST_PASSWORD, uniqueEmail } from '../testing/auth-agent';
import { startTestServer, type TestServer } from '../testing/harness';
import { connectAgent, type McpAgent, mcpUrl, textOf } from '../testing/mcp-agent';
import { keyOf, type Workspace, workspace } from '../testing/mcp-fixtures';
import { caller, type Json } from '../testing/projects';
import { logRowChanges, type RowChanges } from '../testing/row-changes';

// Dialect-sensitive: NUL, lone surrogates and numbers beyond a column are refused by each driver in its own
// way.

// Modest on purpose: every run is a real request and a count of every table's rows, on each database.
const RUNS_PER_OPERATION = 15;
const RUNS_PER_TOOL = 6;

/** Text that no field accepts: NUL, or a UTF-16 surrogate without its partner. */
const unstorableText = fc.oneof(
  fc.tuple(fc.string({ maxLength: 8 }), fc.string({ maxLength: 8 })).map(([a, b]) => `${a}\u0000${b}`),
  fc
    .tuple(fc.string({ maxLength: 8 }), fc.integer({ min: 0xd800, max: 0xdbff }))
    .map(([text, high]) => `${text}${String.fromCharCode(high)}`),
  fc
    .tuple(fc.integer({ min: 0xdc00, max: 0xdfff }), fc.string({ maxLength: 8 }))
    .map(([low, text]) => `${String.fromCharCode(low)}${text}`),
);

function nested(levels: number, leaf: unknown): unknown {
  let value = leaf;
  for (let level = 0; level < levels; level++) value = level % 2 ? [value] : { deeper: value };
  return value;
}

/** Values that no field of ours accepts, whatever its type. */
const refusedEverywhere = fc.oneof(
  unstorableText,
  fc.integer({ min: 33, max: 3000 }).map((levels) => nested(levels, 'leaf')),
  unstorableText.map((text) => ({ notes: [text] })),
);

const oddText = fc.oneof(
  fc.constantFrom(
    '',
    ' ',
    '\u202Eevil',
    '\uFEFF',
    '\u200B',
    '👩‍👩‍👧',
    '\uFFFF',
    '%00',
    '../..',
    'a/b',
    '\r\n',
    "' or 1=1 --",
    'SWB-99999999999',
    'SWB-WU-2147483648',
    '9'.repeat(40),
    'x'.repeat(300_000),
  ),
  fc.string({ unit: 'binary', maxLength: 20 }),
);

/** Everything else a careless or hostile client sends: wrong types, numbers out of every range, odd text. */
const oddValue = fc.oneof(
  oddText,
  fc.constantFrom(
    2 ** 31,
    -(2 ** 31) - 1,
    2 ** 63,
    Number.MAX_SAFE_INTEGER + 2,
    -1,
    0,
    1.5,
    1e308,
    -1e308,
    5e-324,
    null,
    true,
    [],
    {},
    [1, 'two'],
  ),
  fc.integer({ min: 16, max: 31 }).map((levels) => nested(levels, 'leaf')),
  fc.dictionary(fc.string({ maxLength: 5 }), fc.oneof(fc.integer(), fc.string({ maxLength: 5 })), {
    maxKeys: 3,
  }),
);

/** `base` with one of `names` set to a `refused` value. */
function withOneRefused<T>(base: fc.Arbitrary<Record<string, T>>, names: string[], refused: fc.Arbitrary<T>) {
  const keys = names.length ? names : ['unexpected'];
  return fc
    .tuple(base, fc.constantFrom(...keys), refused)
    .map(([rest, key, bad]) => ({ ...rest, [key]: bad }));
}

const oddRecord = <T>(names: string[], values: fc.Arbitrary<T>) =>
  fc.record(Object.fromEntries(names.map((name) => [name, values])));

/**
 * Refused records over `names`: one refused value among otherwise valid ones (so nothing else stops
 * the request before the value reaches a query), or among odd ones.
 */
function refusedRecord<T>(
  valid: Record<string, T>,
  names: string[],
  otherValues: fc.Arbitrary<T>,
  refused: fc.Arbitrary<T>,
) {
  return fc.oneof(
    { weight: 3, arbitrary: withOneRefused(fc.constant(valid), names, refused) },
    { weight: 1, arbitrary: withOneRefused(oddRecord(names, otherValues), names, refused) },
  );
}

const PLAIN_VALUES: unknown[] = ['Plain words', 1, true, 'medium', 'feature', [], {}];

/**
 * A plain value for each required field of an object schema (where one of a few fits); optional
 * fields stay out, since a plain value there (an assignee, a work unit) may name nothing and stop the
 * request before the refused value is reached.
 */
function validRecord(schema: z.ZodType | undefined): Record<string, unknown> {
  if (!(schema instanceof z.ZodObject)) return {};
  const record: Record<string, unknown> = {};
  for (const [name, field] of Object.entries(schema.shape as Record<string, z.ZodType>)) {
    if (field.safeParse(undefined).success) continue;
    const fit = PLAIN_VALUES.find((value) => field.safeParse(value).success);
    if (fit !== undefined) record[name] = fit;
  }
  return record;
}

/**
 * Percent-encodes text for a URL the way a raw client could: a lone surrogate has no UTF-8 form, so
 * it goes out as the three bytes a careless encoder writes (which are not valid UTF-8 either).
 */
function encodeUriValue(text: string): string {
  let encoded = '';
  for (let index = 0; index < text.length; index++) {
    const unit = text.charCodeAt(index);
    const next = text.charCodeAt(index + 1);
    if (unit >= 0xd800 && unit <= 0xdbff && next >= 0xdc00 && next <= 0xdfff) {
      encoded += encodeURIComponent(text.slice(index, index + 2));
      index++;
    } else if (unit >= 0xd800 && unit <= 0xdfff) {
      encoded += `%${(0xe0 | (unit >> 12)).toString(16)}%${(0x80 | ((unit >> 6) & 0x3f)).toString(16)}%${(0x80 | (unit & 0x3f)).toString(16)}`;
    } else {
      encoded += encodeURIComponent(text[index] as string);
    }
  }
  return encoded;
}

function fieldNames(schema: z.ZodType | undefined): string[] {
  return schema instanceof z.ZodObject ? Object.keys(schema.shape) : [];
}

function pathNames(path: string): string[] {
  return [...path.matchAll(/\{([^}]+)\}/g)].map((match) => match[1] as string);
}

interface BadRequest {
  path: Record<string, string>;
  query: Record<string, string> | undefined;
  body: unknown;
}

/**
 * Bad requests for one operation: either bad path values (with anything in the query and body), or
 * the real path values with at least one refused value in the query or body — never a request that
 * could succeed against a real row and change the fixtures.
 */
function badRequests(endpoint: Endpoint, realPath: Record<string, string>): fc.Arbitrary<BadRequest> {
  const names = pathNames(endpoint.path);
  const queryNames = fieldNames(endpoint.query);
  const bodyNames = fieldNames(endpoint.body);
  const anyQuery = endpoint.query ? oddRecord(queryNames, oddText) : fc.constant(undefined);
  const validQuery = Object.fromEntries(
    Object.entries(validRecord(endpoint.query)).map(([name, value]) => [name, String(value)]),
  );
  const refusedQuery = endpoint.query
    ? refusedRecord(validQuery, queryNames, oddText, unstorableText)
    : undefined;
  const refusedBody = endpoint.body
    ? refusedRecord(validRecord(endpoint.body), bodyNames, oddValue, refusedEverywhere)
    : undefined;
  const anyBody = refusedBody
    ? fc.oneof(oddRecord(bodyNames, oddValue), oddValue, refusedBody)
    : fc.constant(undefined);
  const badPath = fc.record({
    path: oddRecord(names, fc.oneof(oddText, unstorableText)),
    query: anyQuery,
    body: anyBody,
  });
  const realPathArbitraries = [
    refusedQuery && fc.record({ path: fc.constant(realPath), query: refusedQuery, body: anyBody }),
    refusedBody && fc.record({ path: fc.constant(realPath), query: anyQuery, body: refusedBody }),
  ].filter((arbitrary) => arbitrary !== undefined);
  const all: fc.Arbitrary<BadRequest>[] = [...realPathArbitraries];
  if (names.length) all.push(badPath);
  return all.length ? fc.oneof(...all) : fc.constant({ path: {}, query: undefined, body: undefined });
}

function urlOf(endpoint: Endpoint, request: BadRequest): string {
  const path = endpoint.path.replace(/\{([^}]+)\}/g, (_, name: string) =>
    encodeUriValue(request.path[name] ?? ''),
  );
  const query = Object.entries(request.query ?? {})
    .map(([name, value]) => `${encodeURIComponent(name)}=${encodeUriValue(value)}`)
    .join('&');
  return `/api/v1${path}${query ? `?${query}` : ''}`;
}

let server: TestServer;
let space: Workspace;
let person: Person;
let realPath: Record<string, string>;

/** Rows that a refused request must not have added or removed: in every table, the activity log included. */
let rowChanges: () => Promise<RowChanges>;

/** Sends one raw request as the signed-in person, outside the harness's contract check on purpose. */
async function sendAsPerson(method: string, url: string, body: unknown): Promise<Response> {
  const headers: Record<string, string> = { cookie: person.cookieHeader, origin: server.url };
  if (body !== undefined) headers['content-type'] = 'application/json';
  return fetch(new URL(url, server.url), {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
}

beforeAll(async () => {
  server = await startTestServer();
  rowChanges = await logRowChanges(server.server.database.db);
  space = await workspace(server, 'Ada', 'SWB', ['backend-dev']);
  person = space.person;
  const call = caller(server);
  const task: Json = (
    await call(person, 'POST', `/api/v1/projects/${space.project.id}/tasks`, { title: 'Target' })
  ).body;
  const workUnit: Json = (
    await call(person, 'POST', `/api/v1/projects/${space.project.id}/work-units`, {
      title: 'Unit',
      type: 'feature',
    })
  ).body;
  realPath = {
    projectId: space.project.id,
    task: task.key,
    workUnit: workUnit.slug,
    name: 'backend-dev',
    question: 'no-such-question',
  };
}, 120_000);

afterAll(async () => {
  await server?.close();
});

const operations = allEndpoints().filter(
  (endpoint) =>
    !endpoint.stream && (endpoint.method !== 'GET' || endpoint.query || endpoint.path.includes('{')),
);

describe('bad input to every REST operation', () => {
  it.each(operations.map((endpoint) => [`${endpoint.method} ${endpoint.path}`, endpoint] as const))(
    '%s answers 4xx, never 5xx, and a refusal writes nothing',
    async (_, endpoint) => {
      // What the last refusal left: nothing wrote since, so the next run need not read the log again.
      let unchanged: Record<string, number> | undefined;
      await fc.assert(
        fc.asyncProperty(badRequests(endpoint, realPath), async (request) => {
          const before = unchanged ?? (await rowChanges());
          unchanged = undefined;
          const response = await sendAsPerson(endpoint.method, urlOf(endpoint, request), request.body);
          const text = await response.text();
          expect(response.status, text.slice(0, 500)).toBeLessThan(500);
          if (response.status >= 400) {
            const after = await rowChanges();
            expect(after).toEqual(before);
            unchanged = after;
          }
        }),
        { numRuns: RUNS_PER_OPERATION },
      );
    },
    120_000,
  );

  it('names the field holding NUL or a lone surrogate, in a body, a query and a path', async () => {
    const body = await sendAsPerson('PATCH', `/api/v1/tasks/${realPath.task}`, {
      title: 'a\u0000b',
      version: 1,
    });
    expect(body.status).toBe(400);
    expect(await body.json()).toMatchObject({
      error: { code: 'VALIDATION_FAILED', message: 'title: must not contain NUL characters' },
    });
    const query = await sendAsPerson(
      'GET',
      `/api/v1/projects/${realPath.projectId}/tasks?search=%00`,
      undefined,
    );
    expect(query.status).toBe(400);
    expect(((await query.json()) as Json).error.message).toBe('search: must not contain NUL characters');
    const path = await sendAsPerson('GET', '/api/v1/tasks/%ED%A0%80', undefined);
    expect(path.status).toBeLessThan(500);
    const nul = await sendAsPerson('GET', '/api/v1/tasks/SWB-1%00', undefined);
    expect(nul.status).toBe(400);
  });

  it('refuses versions and cursors beyond their columns, and devInfo nested deeper than 20 levels', async () => {
    const version = await sendAsPerson('PATCH', `/api/v1/tasks/${realPath.task}`, {
      title: 'x',
      version: 2 ** 31,
    });
    expect(version.status).toBe(400);
    const cursor = await sendAsPerson('GET', `/api/v1/activity?cursor=${'9'.repeat(30)}`, undefined);
    expect(cursor.status).toBe(400);
    const devInfo = await sendAsPerson('PATCH', `/api/v1/tasks/${realPath.task}`, {
      devInfo: nested(21, 'leaf'),
      version: 1,
    });
    expect(devInfo.status).toBe(400);
    expect(((await devInfo.json()) as Json).error.message).toContain('devInfo');
  });
});

describe("bad input to better-auth's endpoints", () => {
  const authCalls = [
    '/sign-up/email',
    '/sign-in/email',
    '/organization/create',
    '/organization/update',
    '/api-key/create',
  ];

  it.each(authCalls)('POST %s answers 400 in its own shape for unstorable text, never 5xx', async (path) => {
    await fc.assert(
      fc.asyncProperty(
        refusedRecord(
          { name: 'Ada', email: uniqueEmail('ada'), password: TEST_PASSWORD, slug: 'acme' },
          ['name', 'email', 'password', 'slug', 'metadata'],
          oddValue,
          refusedEverywhere,
        ),
        async (body) => {
          const before = await rowChanges();
          const response = await sendAsPerson('POST', `/api/v1/auth${path}`, body);
          const answer = (await response.json()) as Json;
          expect(response.status, JSON.stringify(answer).slice(0, 300)).toBe(400);
          expect(answer).toMatchObject({ code: 'VALIDATION_FAILED', message: expect.any(String) });
          expect(await rowChanges()).toEqual(before);
        },
      ),
      { numRuns: 8 },
    );
  });

  it('refuses a NUL in a query value of a better-auth GET', async () => {
    const response = await sendAsPerson(
      'GET',
      '/api/v1/auth/organization/get-full-organization?organizationId=%00',
      undefined,
    );
    expect(response.status).toBe(400);
  });
});

interface JsonSchema {
  type?: string | string[];
  enum?: unknown[];
  anyOf?: JsonSchema[];
}

/** A plain argument a tool accepts: the real project, task and work unit, else one of its type. */
function plainArgument(name: string, schema: JsonSchema | undefined): unknown {
  if (name === 'project') return 'SWB';
  if (name === 'task') return realPath.task;
  if (name === 'workUnit') return realPath.workUnit;
  if (!schema) return 'Plain words';
  if (schema.enum?.length) return schema.enum[0];
  if (schema.anyOf?.[0]) return plainArgument(name, schema.anyOf[0]);
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  if (type === 'integer' || type === 'number') return 1;
  if (type === 'boolean') return true;
  if (type === 'array') return [];
  if (type === 'object') return {};
  return 'Plain words';
}

describe('bad input to every MCP tool', () => {
  let agent: McpAgent;

  beforeAll(async () => {
    agent = await connectAgent(server.url, keyOf(space, 'backend-dev'), {
      query: { project: 'SWB', toolsets: 'all' },
    });
  });

  afterAll(async () => {
    await agent?.close();
  });

  it('answers unstorable text in a tool argument with VALIDATION_FAILED naming the argument', async () => {
    const { tools } = await agent.client.listTools();
    expect(tools.length).toBeGreaterThan(10);
    const result = (await agent.client.callTool({
      name: 'get-task',
      arguments: { task: 'SWB-1\u0000' },
    })) as CallToolResult;
    expect(result.isError).toBe(true);
    expect(textOf(result)).toBe('VALIDATION_FAILED: task: must not contain NUL characters');
  });

  it('answers versions beyond the column or not whole with a tool error the caller can act on', async () => {
    for (const version of [2 ** 31, 2 ** 63, 1.5]) {
      const result = (await agent.client.callTool({
        name: 'update-task',
        arguments: { task: realPath.task, title: 'Renamed', version },
      })) as CallToolResult;
      expect(result.isError).toBe(true);
      expect(textOf(result)).toMatch(/^(VALIDATION_FAILED|VERSION_CONFLICT)/);
    }
  });

  it('every tool answers a tool error or a result, never INTERNAL_ERROR, and a refusal writes nothing', async () => {
    const { tools } = await agent.client.listTools();
    for (const tool of tools) {
      const properties = (tool.inputSchema.properties ?? {}) as Record<string, JsonSchema>;
      const names = Object.keys(properties);
      // Required arguments and the real references; other optional ones could stop the call early.
      const required = new Set([...(tool.inputSchema.required ?? []), 'project', 'task', 'workUnit']);
      const valid = Object.fromEntries(
        names
          .filter((name) => required.has(name))
          .map((name) => [name, plainArgument(name, properties[name])]),
      );
      await fc.assert(
        fc.asyncProperty(refusedRecord(valid, names, oddValue, refusedEverywhere), async (args) => {
          const before = await rowChanges();
          let result: CallToolResult;
          try {
            result = (await agent.client.callTool({ name: tool.name, arguments: args })) as CallToolResult;
          } catch (error) {
            // A protocol error is fine as long as it is not the server failing.
            expect(String(error), tool.name).not.toMatch(/-32603|Internal|HTTP 5\d\d/);
            return;
          }
          const text = textOf(result);
          expect(text, tool.name).not.toMatch(/^INTERNAL_ERROR/);
          // A tool without parameters drops the unexpected argument and answers normally.
          if (result.isError) expect(await rowChanges(), tool.name).toEqual(before);
        }),
        { numRuns: RUNS_PER_TOOL },
      );
    }
  }, 240_000);

  it('refuses unstorable text outside tool arguments (client name, project query) with a JSON-RPC error', async () => {
    const initialize = (clientName: string) =>
      fetch(mcpUrl(server.url), {
        method: 'POST',
        headers: {
          authorization: `Bearer ${keyOf(space, 'backend-dev')}`,
          accept: 'application/json, text/event-stream',
          'content-type': 'application/json',
        },
        body: JSON.stringify({
          jsonrpc: '2.0',
          id: 1,
          method: 'initialize',
          params: {
            protocolVersion: '2025-06-18',
            capabilities: {},
            clientInfo: { name: clientName, version: '1' },
          },
        }),
      });
    const before = await rowChanges();
    const response = await initialize('bad\u0000client');
    expect(response.status).toBe(400);
    expect(((await response.json()) as Json).error.code).toBe(-32602);
    const lone = await initialize('bad\uD800client');
    expect(lone.status).toBe(400);
    expect(await rowChanges()).toEqual(before);
    const query = await fetch(`${mcpUrl(server.url)}?project=%00`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${keyOf(space, 'backend-dev')}`,
        accept: 'application/json, text/event-stream',
        'content-type': 'application/json',
      },
      body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'initialize', params: {} }),
    });
    expect(query.status).toBe(400);
  });
});
