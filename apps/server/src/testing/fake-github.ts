import { createHash, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';

export interface GithubProfile {
  id: number;
  login: string;
  name: string | null;
  avatar_url: string;
  /** The public profile address; null when the person keeps it private. */
  email: string | null;
  /** What /user/emails answers. */
  emails: { email: string; primary: boolean; verified: boolean }[];
}

export interface FakeGithubOptions {
  clientId: string;
  clientSecret: string;
}

/** OAuth settings for a fake that only serves repositories (no sign-in is tried against them). */
export const NO_OAUTH_CLIENT: FakeGithubOptions = { clientId: 'unused', clientSecret: 'unused' };

/** A commit status the fake was sent, with the token that sent it. */
export interface ReceivedStatus {
  repository: string;
  sha: string;
  state: string;
  description: string;
  target_url: string;
  context: string;
  token: string;
}

export interface FakeGithub {
  /** Serves both the web endpoints (GITHUB_WEB_URL) and the REST API (GITHUB_API_URL). */
  url: string;
  /** Repository tokens GitHub accepts, each with the owner/name (lower case) it may read and write. */
  repositoryTokens: Map<string, string>;
  /** Commit statuses set, in the order they were accepted. */
  statuses: ReceivedStatus[];
  /** The next this many commit-status requests answer 502, as GitHub does when it is down. */
  failNextStatuses: number;
  /** Commit-status requests refused because of failNextStatuses. */
  failedStatuses: number;
  /** Who is signed in to GitHub in "the browser": the person the next authorisation is for. */
  signedInAs: GithubProfile | undefined;
  /** Token exchanges GitHub answered, to check the server proved possession (secret, PKCE). */
  tokenRequests: Record<string, string>[];
  close(): Promise<void>;
}

export function githubProfile(login: string, overrides: Partial<GithubProfile> = {}): GithubProfile {
  const email = `${login}@users.example.com`;
  return {
    id: Math.floor(Math.random() * 1_000_000_000),
    login,
    name: login,
    avatar_url: `https://avatars.example.com/${login}.png`,
    email: null,
    emails: [{ email, primary: true, verified: true }],
    ...overrides,
  };
}

async function readBody(request: IncomingMessage): Promise<Record<string, string>> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  const text = Buffer.concat(chunks).toString('utf8');
  if ((request.headers['content-type'] ?? '').includes('application/json'))
    return JSON.parse(text || '{}') as Record<string, string>;
  return Object.fromEntries(new URLSearchParams(text));
}

function json(response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { 'content-type': 'application/json' });
  response.end(JSON.stringify(body));
}

const base64url = (buffer: Buffer) => buffer.toString('base64url');

/**
 * A stand-in for github.com on 127.0.0.1 speaking GitHub's OAuth web flow (authorize → redirect back
 * with a code; code + client secret + PKCE verifier → access token), the two REST endpoints the
 * sign-in reads (/user, /user/emails) and the two a connected repository uses (read the repository,
 * set a commit status), each checking the repository's token. The server under test reaches it through GITHUB_WEB_URL and
 * GITHUB_API_URL, the same settings that point it at a GitHub Enterprise Server.
 */
export async function startFakeGithub(options: FakeGithubOptions): Promise<FakeGithub> {
  const codes = new Map<
    string,
    { profile: GithubProfile; redirectUri: string; challenge: string | null; method: string | null }
  >();
  const tokens = new Map<string, GithubProfile>();
  const tokenRequests: Record<string, string>[] = [];

  const handle = async (request: IncomingMessage, response: ServerResponse) => {
    const url = new URL(request.url ?? '/', 'http://github.test');
    if (request.method === 'GET' && url.pathname === '/login/oauth/authorize') {
      const redirectUri = url.searchParams.get('redirect_uri');
      if (url.searchParams.get('client_id') !== options.clientId || !redirectUri) {
        response.writeHead(404).end('Not Found');
        return;
      }
      const profile = fake.signedInAs;
      const target = new URL(redirectUri);
      const state = url.searchParams.get('state');
      if (state) target.searchParams.set('state', state);
      if (!profile) {
        target.searchParams.set('error', 'access_denied');
      } else {
        const code = base64url(randomBytes(16));
        codes.set(code, {
          profile,
          redirectUri,
          challenge: url.searchParams.get('code_challenge'),
          method: url.searchParams.get('code_challenge_method'),
        });
        target.searchParams.set('code', code);
      }
      response.writeHead(302, { location: target.toString() }).end();
      return;
    }
    if (request.method === 'POST' && url.pathname === '/login/oauth/access_token') {
      const body = await readBody(request);
      const basic = request.headers.authorization?.match(/^Basic (.+)$/)?.[1];
      const [basicId, basicSecret] = basic ? Buffer.from(basic, 'base64').toString().split(':') : [];
      const clientId = body.client_id ?? (basicId ? decodeURIComponent(basicId) : undefined);
      const clientSecret = body.client_secret ?? (basicSecret ? decodeURIComponent(basicSecret) : undefined);
      tokenRequests.push({ ...body, ...(clientId ? { client_id: clientId } : {}) });
      const grant = body.code ? codes.get(body.code) : undefined;
      const verifierOk =
        !grant?.challenge ||
        (grant.method === 'S256' &&
          base64url(
            createHash('sha256')
              .update(body.code_verifier ?? '')
              .digest(),
          ) === grant.challenge);
      if (
        clientId !== options.clientId ||
        clientSecret !== options.clientSecret ||
        !grant ||
        grant.redirectUri !== body.redirect_uri ||
        !verifierOk
      ) {
        json(response, 200, {
          error: 'bad_verification_code',
          error_description: 'The code passed is incorrect.',
        });
        return;
      }
      codes.delete(body.code ?? '');
      const token = `gho_${base64url(randomBytes(24))}`;
      tokens.set(token, grant.profile);
      json(response, 200, { access_token: token, token_type: 'bearer', scope: 'read:user,user:email' });
      return;
    }
    if (request.method === 'GET' && (url.pathname === '/user' || url.pathname === '/user/emails')) {
      const token = request.headers.authorization?.match(/^(?:Bearer|token) (.+)$/i)?.[1];
      const profile = token ? tokens.get(token) : undefined;
      if (!profile) {
        json(response, 401, { message: 'Bad credentials' });
        return;
      }
      if (url.pathname === '/user/emails') json(response, 200, profile.emails);
      else {
        const { emails: _emails, ...user } = profile;
        json(response, 200, user);
      }
      return;
    }
    const repository = url.pathname.match(/^\/repos\/([^/]+)\/([^/]+)(\/statuses\/([^/]+))?$/);
    if (repository?.[1] && repository[2]) {
      const fullName =
        `${decodeURIComponent(repository[1])}/${decodeURIComponent(repository[2])}`.toLowerCase();
      const token = request.headers.authorization?.match(/^Bearer (.+)$/)?.[1] ?? '';
      if (fake.repositoryTokens.get(token) !== fullName) {
        json(response, 401, { message: 'Bad credentials' });
        return;
      }
      if (request.method === 'GET' && !repository[3]) {
        json(response, 200, { full_name: fullName, permissions: { admin: false, push: true, pull: true } });
        return;
      }
      if (request.method === 'POST' && repository[4]) {
        const body = await readBody(request);
        if (fake.failNextStatuses > 0) {
          fake.failNextStatuses -= 1;
          fake.failedStatuses += 1;
          json(response, 502, { message: 'Server Error' });
          return;
        }
        fake.statuses.push({
          repository: fullName,
          sha: decodeURIComponent(repository[4]),
          state: body.state ?? '',
          description: body.description ?? '',
          target_url: body.target_url ?? '',
          context: body.context ?? '',
          token,
        });
        json(response, 201, { state: body.state });
        return;
      }
    }
    response.writeHead(404).end('Not Found');
  };

  const server = createServer((request, response) => {
    handle(request, response).catch((error: Error) => json(response, 500, { message: error.message }));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const port = (server.address() as { port: number }).port;
  const fake: FakeGithub = {
    url: `http://127.0.0.1:${port}`,
    repositoryTokens: new Map(),
    statuses: [],
    failNextStatuses: 0,
    failedStatuses: 0,
    signedInAs: undefined,
    tokenRequests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  return fake;
}
