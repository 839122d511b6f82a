import { ERROR_CODES, type ErrorCode } from '@switchboard/api-client/errors';

/**
 * better-auth answers an id from another organization with 400/401/403 ("not a member", "not found").
 * We answer 404 there instead: a caller must not learn that the id exists. These codes are rewritten to
 * a 404 in better-auth's own error format (its clients parse that format), naming the missing thing.
 * (The auth package's organization-scope hook already answers 404 before most of these can happen;
 * this is the second net, for the paths it cannot foresee.)
 */
const FOREIGN_ID_CODES: Record<string, ErrorCode> = {
  USER_IS_NOT_A_MEMBER_OF_THE_ORGANIZATION: 'ORGANIZATION_NOT_FOUND',
  YOU_ARE_NOT_A_MEMBER_OF_THIS_ORGANIZATION: 'ORGANIZATION_NOT_FOUND',
  YOU_ARE_NOT_ALLOWED_TO_ACCESS_THIS_ORGANIZATION: 'ORGANIZATION_NOT_FOUND',
  ORGANIZATION_NOT_FOUND: 'ORGANIZATION_NOT_FOUND',
  MEMBER_NOT_FOUND: 'MEMBER_NOT_FOUND',
  INVITATION_NOT_FOUND: 'INVITATION_NOT_FOUND',
  YOU_ARE_NOT_THE_RECIPIENT_OF_THE_INVITATION: 'INVITATION_NOT_FOUND',
  TEAM_NOT_FOUND: 'TEAM_NOT_FOUND',
  USER_IS_NOT_A_MEMBER_OF_THE_TEAM: 'TEAM_NOT_FOUND',
  ROLE_NOT_FOUND: 'ROLE_NOT_FOUND',
};

/**
 * A signed-in member refused an action is 403, not 401 (401 means "sign in"): better-auth answers
 * remove-member with 401 when the role lacks member:delete.
 */
const FORBIDDEN_AS_401_CODES = new Set(['YOU_ARE_NOT_ALLOWED_TO_DELETE_THIS_MEMBER']);

/** The registry's not-found answer for `code`, in better-auth's {code, message} shape. */
function notFound(response: Response, code: ErrorCode): Response {
  return rewritten(response, ERROR_CODES[code].status, { code, message: ERROR_CODES[code].message });
}

function rewritten(response: Response, status: number, body: unknown): Response {
  const headers = new Headers(response.headers);
  headers.delete('content-length');
  return new Response(JSON.stringify(body), { status, headers });
}

export async function hideForeignIds(response: Response): Promise<Response> {
  if (response.status !== 400 && response.status !== 401 && response.status !== 403) return response;
  if (!response.headers.get('content-type')?.includes('application/json')) return response;
  const body = (await response
    .clone()
    .json()
    .catch(() => null)) as { code?: unknown; message?: unknown } | null;
  if (typeof body?.code !== 'string') {
    // get-invitation's "not found" carries no code, only this message.
    if (response.status === 400 && body?.message === 'Invitation not found!')
      return notFound(response, 'INVITATION_NOT_FOUND');
    return response;
  }
  if (response.status === 401 && FORBIDDEN_AS_401_CODES.has(body.code)) return rewritten(response, 403, body);
  const replacement = FOREIGN_ID_CODES[body.code];
  return replacement ? notFound(response, replacement) : response;
}

/**
 * The request better-auth should see for a client connected from `remoteAddress`. better-auth tells
 * clients apart (rate limits, session IP) by X-Forwarded-For, which any client can write: so the header
 * is rebuilt here. Without trusted proxies it is exactly the socket's address; behind trusted proxies
 * the socket's address is appended to what they forwarded, and better-auth walks the chain from the
 * right past the trusted hops (its `advanced.ipAddress.trustedProxies`).
 */
export function withClientAddress(
  request: Request,
  remoteAddress: string | undefined,
  trustedProxies: readonly string[] = [],
): Request {
  const headers = new Headers(request.headers);
  const forwarded = headers.get('x-forwarded-for');
  headers.delete('x-forwarded-for');
  if (remoteAddress) {
    headers.set(
      'x-forwarded-for',
      trustedProxies.length > 0 && forwarded ? `${forwarded}, ${remoteAddress}` : remoteAddress,
    );
  }
  return new Request(request, { headers });
}
