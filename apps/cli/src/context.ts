import {
  type ApiClient,
  type ApiFetch,
  createApiClient,
  createTypedApi,
  type TypedApi,
} from '@switchboard/api-client';
import { API_BASE_PATH, AUTH_BASE_PATH } from '@switchboard/api-client/paths';
import * as z from 'zod';
import { CliConfig, type Credential } from './config';
import type { CliEnv } from './env';
import { AuthError, UsageError } from './exit-codes';
import { httpFetch } from './http-fetch';
import { CLI_VERSION } from './version';

/** The server when neither --api-url, SWITCHBOARD_API_URL nor a stored setting names one. */
export const DEFAULT_API_URL = 'http://localhost:3000';

/** Options every command can read through `command.optsWithGlobals()`. */
export interface GlobalOptions {
  apiUrl?: string;
}

export interface Output {
  write(text: string): unknown;
  isTTY?: boolean;
}

/** Where a run's text goes; tests pass their own. */
export interface Streams {
  stdout: Output;
  stderr: Output;
}

/** The real terminal, for the full-screen board (Ink drives Node's streams directly). */
export interface Terminal {
  stdin: NodeJS.ReadStream;
  stdout: NodeJS.WriteStream;
  stderr: NodeJS.WriteStream;
}

/**
 * The outside world of one run, read once by the entry point and handed to every command, so nothing
 * deeper reads process.cwd(), process.env, the home folder or the clock; tests pass their own.
 */
export interface CliContext extends Streams {
  /** The folder the command was run in. */
  cwd: string;
  env: CliEnv;
  terminal: Terminal;
  /** The clock for timestamps that get stored (logins, API keys). */
  now: () => Date;
  /** Settings and credentials. @default the config file in env.configDir */
  config?: CliConfig;
  /** Every request of the run. @default httpFetch for API calls, globalThis.fetch for the board's event stream */
  fetch?: typeof fetch;
}

/** What a command needs from the outside world, resolved once per run. */
export interface Runtime extends Streams {
  cwd: string;
  env: CliEnv;
  config: CliConfig;
  terminal: Terminal;
  now: () => Date;
  /** For the one call the API clients cannot make, the board's event stream. */
  fetch: typeof fetch;
  /** The API origin and path this run talks to, without a trailing slash (also the credential key). */
  server: string;
  /** Where the server value came from, for messages. */
  serverSource: 'flag' | 'environment' | 'stored' | 'default';
  userAgent: string;
  /** The stored login for this server, or undefined. */
  credential(): Credential | undefined;
  /** The stored login, or AuthError (exit 3) telling how to log in. */
  requireCredential(): Credential;
  /** Headers that make a request as the stored login, for the one call the typed API cannot make (SSE). */
  loginHeaders(): Record<string, string>;
  /** The REST API (/api/v1) as the stored login (bearer token); AuthError when not logged in. */
  api(): TypedApi;
  /** better-auth (/api/v1/auth), with the bearer token when logged in. */
  auth(options?: { token?: string | null }): ApiClient;
  /** The REST API with no credentials (public config) or with an explicit API key. */
  anonymousApi(options?: { apiKey?: string }): TypedApi;
}

const urlSchema = z.url({ protocol: /^https?$/ });

/** http://host:3000/ → http://host:3000; the same server always gets the same key. */
export function normalizeServer(value: string, source: string): string {
  const parsed = urlSchema.safeParse(value.trim());
  if (!parsed.success) throw new UsageError(`${source} is not an http(s) URL: ${value}`);
  const url = new URL(parsed.data);
  return `${url.origin}${url.pathname.replace(/\/+$/, '')}`;
}

/** `switchboard-cli/0.1.0 (ada-laptop; linux x64; node v20.19.0)`: the server shows it on connected devices. */
export function userAgentFor(deviceName: string): string {
  const name = deviceName.replace(/[;()\r\n]/g, ' ').trim() || 'unknown';
  return `switchboard-cli/${CLI_VERSION} (${name}; ${process.platform} ${process.arch}; node ${process.version})`;
}

export function createRuntime(context: CliContext, globals: GlobalOptions): Runtime {
  const { env } = context;
  const config = context.config ?? new CliConfig({ configDir: env.configDir });
  const doFetch = context.fetch ?? ((input, init) => globalThis.fetch(input, init));
  const apiFetch: ApiFetch = context.fetch ?? httpFetch;
  let server: string;
  let serverSource: Runtime['serverSource'];
  if (globals.apiUrl) {
    server = normalizeServer(globals.apiUrl, '--api-url');
    serverSource = 'flag';
  } else if (env.apiUrl) {
    server = normalizeServer(env.apiUrl, 'SWITCHBOARD_API_URL');
    serverSource = 'environment';
  } else if (config.apiUrl) {
    server = normalizeServer(config.apiUrl, `the stored API URL in ${config.path}`);
    serverSource = 'stored';
  } else {
    server = DEFAULT_API_URL;
    serverSource = 'default';
  }
  const userAgent = userAgentFor(env.deviceName);
  const client = (basePath: string, headers: Record<string, string>) =>
    createApiClient({
      baseUrl: server,
      basePath,
      headers: { 'user-agent': userAgent, ...headers },
      credentials: 'omit',
      fetch: apiFetch,
    });

  const runtime: Runtime = {
    stdout: context.stdout,
    stderr: context.stderr,
    cwd: context.cwd,
    env,
    config,
    terminal: context.terminal,
    now: context.now,
    fetch: doFetch,
    server,
    serverSource,
    userAgent,
    credential: () => config.credential(server),
    requireCredential() {
      const credential = config.credential(server);
      if (!credential) throw new AuthError(`Not logged in to ${server}. Run \`switchboard login\` first.`);
      return credential;
    },
    loginHeaders: () => ({
      authorization: `Bearer ${runtime.requireCredential().token}`,
      'user-agent': userAgent,
    }),
    api() {
      return createTypedApi(
        client(API_BASE_PATH, { authorization: `Bearer ${runtime.requireCredential().token}` }),
      );
    },
    auth(options = {}) {
      const token = options.token === undefined ? config.credential(server)?.token : options.token;
      return client(AUTH_BASE_PATH, token ? { authorization: `Bearer ${token}` } : {});
    },
    anonymousApi(options = {}) {
      return createTypedApi(client(API_BASE_PATH, options.apiKey ? { 'x-api-key': options.apiKey } : {}));
    },
  };
  return runtime;
}
