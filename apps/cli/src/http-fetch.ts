import {
  type ClientRequest,
  request as httpRequest,
  type IncomingMessage,
  type RequestOptions,
} from 'node:http';
import type { ApiFetch, ApiFetchInit, ApiFetchResponse } from '@switchboard/api-client';

/**
 * The API client's transport in the CLI: a request over node:http (node:https for an https server),
 * answering the way fetch does. Node's fetch costs a process that only makes a call or two more CPU than
 * the rest of the command (it loads its HTTP stack and compiles its WebAssembly parser on first use).
 * What the client relies on is kept: a failed connection rejects with TypeError 'fetch failed', an
 * abort with the signal's reason, a body cut off makes text() reject, redirects are followed (without
 * the credentials when they lead to another origin) and the body is decoded as UTF-8 without a BOM.
 */
export const httpFetch: ApiFetch = (url, init) => send(new URL(url), init, 0);

/** The most redirects one request follows, as fetch does. */
const MAX_REDIRECTS = 20;
const REDIRECT_STATUSES = new Set([301, 302, 303, 307, 308]);
/** Headers that describe a body: dropped when a redirect turns the request into a GET without one. */
const BODY_HEADERS = [
  'content-type',
  'content-length',
  'content-encoding',
  'content-language',
  'content-location',
];
/** Headers that carry credentials: never sent on to another origin. */
const CREDENTIAL_HEADERS = ['authorization', 'proxy-authorization', 'cookie'];

function networkError(cause: unknown): TypeError {
  return new TypeError('fetch failed', { cause });
}

async function send(url: URL, init: ApiFetchInit, redirects: number): Promise<ApiFetchResponse> {
  const { signal } = init;
  signal?.throwIfAborted();
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw networkError(new Error(`unsupported protocol ${url.protocol}`));
  }
  // Only an https server pays for loading TLS.
  const request = url.protocol === 'https:' ? (await import('node:https')).request : httpRequest;
  const headers: Record<string, string> = { ...init.headers };
  if (init.body !== undefined) headers['content-length'] = String(Buffer.byteLength(init.body));
  const options: RequestOptions = { method: init.method, headers };

  const response = await new Promise<IncomingMessage>((resolve, reject) => {
    let req: ClientRequest;
    const onAbort = () => {
      req.destroy();
      reject(signal?.reason);
    };
    try {
      req = request(url, options, (message) => {
        signal?.removeEventListener('abort', onAbort);
        resolve(message);
      });
    } catch (error) {
      // An invalid header name or value is refused before anything is sent.
      reject(networkError(error));
      return;
    }
    signal?.addEventListener('abort', onAbort, { once: true });
    req.on('error', (error) => {
      signal?.removeEventListener('abort', onAbort);
      reject(signal?.aborted ? signal.reason : networkError(error));
    });
    req.end(init.body);
  });

  const status = response.statusCode ?? 0;
  const location = response.headers.location;
  if (REDIRECT_STATUSES.has(status) && location !== undefined) {
    response.resume();
    if (redirects >= MAX_REDIRECTS) throw networkError(new Error('redirect count exceeded'));
    return send(
      new URL(location, url),
      redirectedInit(init, url, new URL(location, url), status),
      redirects + 1,
    );
  }
  return answer(response, signal);
}

/** The request a redirect asks for: a GET without a body after 303 (or 301/302 to a POST), no credentials to another origin. */
function redirectedInit(init: ApiFetchInit, from: URL, to: URL, status: number): ApiFetchInit {
  const headers = { ...init.headers };
  const toGet =
    (status === 303 && init.method !== 'GET') ||
    ((status === 301 || status === 302) && init.method === 'POST');
  if (toGet) for (const name of BODY_HEADERS) delete headers[name];
  if (to.origin !== from.origin) for (const name of CREDENTIAL_HEADERS) delete headers[name];
  return { ...init, headers, method: toGet ? 'GET' : init.method, body: toGet ? undefined : init.body };
}

function answer(response: IncomingMessage, signal: AbortSignal | undefined): ApiFetchResponse {
  const status = response.statusCode ?? 0;
  const body = readAll(response, signal);
  // Read or not, a failed body must not end the process as an unhandled rejection.
  body.catch(() => {});
  return {
    ok: status >= 200 && status <= 299,
    status,
    statusText: response.statusMessage ?? '',
    headers: responseHeaders(response.rawHeaders),
    text: async () => new TextDecoder().decode(await body),
  };
}

/** Header values by lower-case name; a header sent more than once reads as its values joined by ', '. */
function responseHeaders(rawHeaders: string[]): ApiFetchResponse['headers'] {
  const values = new Map<string, string>();
  for (let index = 0; index + 1 < rawHeaders.length; index += 2) {
    const name = (rawHeaders[index] as string).toLowerCase();
    const value = rawHeaders[index + 1] as string;
    const earlier = values.get(name);
    values.set(name, earlier === undefined ? value : `${earlier}, ${value}`);
  }
  return { get: (name) => values.get(name.toLowerCase()) ?? null };
}

function readAll(response: IncomingMessage, signal: AbortSignal | undefined): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    const onAbort = () => {
      response.destroy();
      reject(signal?.reason);
    };
    signal?.addEventListener('abort', onAbort, { once: true });
    const settle = () => signal?.removeEventListener('abort', onAbort);
    response.on('data', (chunk: Buffer) => chunks.push(chunk));
    response.on('end', () => {
      settle();
      resolve(Buffer.concat(chunks));
    });
    response.on('error', (error) => {
      settle();
      reject(signal?.aborted ? signal.reason : new TypeError('terminated', { cause: error }));
    });
    response.on('close', () => {
      settle();
      if (!response.complete) reject(new TypeError('terminated'));
    });
  });
}
