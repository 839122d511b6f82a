import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createGithubClient } from './client';

/** A GitHub that answers each path with a fixed status and body. */
let server: Server;
let url: string;
const answers: Record<string, [number, string]> = {
  '/repos/acme/api': [200, JSON.stringify({ full_name: 'acme/api' })],
  '/repos/acme/private': [404, JSON.stringify({ message: 'Not Found' })],
  '/repos/acme/down/statuses/abc': [502, '<html>Bad gateway</html>'],
};

beforeAll(async () => {
  server = createServer((request, response) => {
    const [status, body] = answers[request.url ?? ''] ?? [500, ''];
    response.writeHead(status, { 'content-type': 'application/json' }).end(body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as { port: number }).port}/`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const status = {
  state: 'success',
  description: 'ok',
  targetUrl: 'https://x',
  context: 'switchboard/review',
} as const;

describe('the GitHub client', () => {
  it('reads a repository; a fine-grained token shows no push permission', async () => {
    const answer = await createGithubClient({ apiUrl: url }).readRepository('acme', 'api', 't');
    expect(answer).toEqual({ ok: true, value: { fullName: 'acme/api', canPush: null } });
  });

  it("tells GitHub's refusals from failures worth a retry, in GitHub's words", async () => {
    const client = createGithubClient({ apiUrl: url });
    expect(await client.readRepository('acme', 'private', 't')).toEqual({
      ok: false,
      refused: true,
      message: 'GitHub answered 404: Not Found',
    });
    expect(await client.setCommitStatus('acme', 'down', 'abc', 't', status)).toEqual({
      ok: false,
      refused: false,
      message: 'GitHub answered 502',
    });
  });

  it('says when GitHub cannot be reached at all', async () => {
    const closed = createServer();
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    const port = (closed.address() as { port: number }).port;
    await new Promise<void>((resolve) => closed.close(() => resolve()));
    const answer = await createGithubClient({ apiUrl: `http://127.0.0.1:${port}` }).readRepository(
      'a',
      'b',
      't',
    );
    expect(answer).toMatchObject({ ok: false, refused: false });
    expect(answer.ok ? '' : answer.message).toMatch(/^GitHub could not be reached/);
  });
});
