import { randomBytes } from 'node:crypto';
import type { TestServer } from './harness';

/** What a call answered: the status, the parsed JSON body (null when there is none) and the headers. */
export interface Answer<T> {
  status: number;
  body: T;
  headers: Headers;
}

export interface RequestOptions {
  query?: Record<string, string | undefined>;
  headers?: Record<string, string>;
}

/** The error body better-auth (and the 404 rewriting) answers with. */
export interface AuthError {
  code?: string;
  message?: string;
}

export interface SignedUpUser {
  id: string;
  name: string;
  email: string;
  image?: string | null;
  emailVerified: boolean;
}

/**
 * A browser-like client of one test server: it keeps the cookies the server sets (the session,
 * OAuth state) and sends the same-origin Origin header cookie-authenticated writes need.
 */
export class AuthAgent {
  readonly cookies = new Map<string, string>();

  constructor(
    readonly server: TestServer,
    readonly origin = server.url,
  ) {}

  get cookieHeader(): string {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }

  /** Keeps the cookies of a response, dropping those it expires. */
  remember(response: Response): void {
    for (const line of response.headers.getSetCookie()) {
      const [pair = '', ...attributes] = line.split(';');
      const separator = pair.indexOf('=');
      const name = pair.slice(0, separator).trim();
      const value = pair.slice(separator + 1).trim();
      const expired =
        value === '' ||
        attributes.some((attribute) => {
          const [key = '', setting = ''] = attribute.split('=');
          const lower = key.trim().toLowerCase();
          if (lower === 'max-age') return Number(setting) <= 0;
          if (lower === 'expires') return Date.parse(setting) <= Date.now();
          return false;
        });
      if (expired) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  /** Any request to the server, with this agent's cookies; no redirect is followed. */
  async raw(path: string, init: RequestInit = {}): Promise<Response> {
    const headers = new Headers(init.headers);
    if (this.cookies.size > 0 && !headers.has('cookie')) headers.set('cookie', this.cookieHeader);
    const response = await this.server.fetch(path, { redirect: 'manual', ...init, headers });
    this.remember(response);
    return response;
  }

  async get<T = unknown>(path: string, options: RequestOptions = {}): Promise<Answer<T>> {
    const url = new URL(path, this.server.url);
    for (const [key, value] of Object.entries(options.query ?? {}))
      if (value !== undefined) url.searchParams.set(key, value);
    const response = await this.raw(url.pathname + url.search, { headers: options.headers });
    return answerOf<T>(response);
  }

  async post<T = unknown>(
    path: string,
    body: unknown = {},
    options: RequestOptions = {},
  ): Promise<Answer<T>> {
    const response = await this.raw(path, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: this.origin, ...options.headers },
      body: JSON.stringify(body),
    });
    return answerOf<T>(response);
  }

  /** A better-auth call: `auth('post', '/organization/create', {...})` = POST /api/v1/auth/organization/create. */
  auth<T = unknown>(
    method: 'get',
    path: string,
    query?: Record<string, string | undefined>,
  ): Promise<Answer<T>>;
  auth<T = unknown>(method: 'post', path: string, body?: unknown): Promise<Answer<T>>;
  auth<T = unknown>(method: 'get' | 'post', path: string, input?: unknown): Promise<Answer<T>> {
    const full = `/api/v1/auth${path}`;
    return method === 'get'
      ? this.get<T>(full, { query: input as Record<string, string | undefined> | undefined })
      : this.post<T>(full, input ?? {});
  }

  /** A second agent sharing nothing with this one: another browser. */
  fresh(): AuthAgent {
    return new AuthAgent(this.server, this.origin);
  }
}

export async function answerOf<T>(response: Response): Promise<Answer<T>> {
  const text = await response.text();
  let body: unknown = null;
  if (text) {
    try {
      body = JSON.parse(text);
    } catch {
      body = text;
    }
  }
  return { status: response.status, body: body as T, headers: response.headers };
}

export const TEST_PASSWORD = 'correct horse battery staple';

/** A unique address, readable in failures: `ada-3f2a1b@example.com`. */
export function uniqueEmail(label: string): string {
  const local = label.toLowerCase().replace(/[^a-z0-9]+/g, '-');
  return `${local}-${randomBytes(3).toString('hex')}@example.com`;
}

export interface SignUpOptions {
  email?: string;
  password?: string;
  headers?: Record<string, string>;
}

/** A signed-up person: their browser (cookies), their account and their bearer token. */
export interface Person extends AuthAgent {
  user: SignedUpUser;
  password: string;
  token: string;
}

/** Signs a new person up by email and password; the returned agent carries their session cookie. */
export async function signUp(server: TestServer, name: string, options: SignUpOptions = {}): Promise<Person> {
  const agent = new AuthAgent(server);
  const email = options.email ?? uniqueEmail(name);
  const password = options.password ?? TEST_PASSWORD;
  const answer = await agent.post<{ user: SignedUpUser; token: string }>(
    '/api/v1/auth/sign-up/email',
    { name, email, password },
    { headers: options.headers },
  );
  if (answer.status !== 200)
    throw new Error(`sign-up of ${email} answered ${answer.status}: ${JSON.stringify(answer.body)}`);
  return Object.assign(agent, { user: answer.body.user, password, token: answer.body.token });
}

/** Signs an existing person in again from a new browser: a second, independent session. */
export async function signIn(
  server: TestServer,
  email: string,
  password = TEST_PASSWORD,
): Promise<AuthAgent> {
  const agent = new AuthAgent(server);
  const answer = await agent.post('/api/v1/auth/sign-in/email', { email, password });
  if (answer.status !== 200)
    throw new Error(`sign-in of ${email} answered ${answer.status}: ${JSON.stringify(answer.body)}`);
  return agent;
}
