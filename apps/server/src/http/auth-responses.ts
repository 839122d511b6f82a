/**
 * better-auth answers an id from another organisation with 400/401/403 ("not a member", "not found").
 * We answer 404 there instead: a caller must not learn that the id exists. These codes are rewritten to
 * a 404 in better-auth's own error format (its clients parse that format), naming the missing thing.
 * (The auth package's organisation-scope hook already answers 404 before most of these can happen;
 * this is the second net, for the paths it cannot foresee.)
 */
const FOREIGN_ID_CODES: Record<string, { code: string; message: string }> = {
  USER_IS_NOT_A_MEMBER_OF_THE_ORGANIZATION: {
    code: 'ORGANIZATION_NOT_FOUND',
    message: 'Organization not found',
  },
  YOU_ARE_NOT_A_MEMBER_OF_THIS_ORGANIZATION: {
    code: 'ORGANIZATION_NOT_FOUND',
    message: 'Organization not found',
  },
  YOU_ARE_NOT_ALLOWED_TO_ACCESS_THIS_ORGANIZATION: {
    code: 'ORGANIZATION_NOT_FOUND',
    message: 'Organization not found',
  },
  ORGANIZATION_NOT_FOUND: { code: 'ORGANIZATION_NOT_FOUND', message: 'Organization not found' },
  MEMBER_NOT_FOUND: { code: 'MEMBER_NOT_FOUND', message: 'Member not found' },
  INVITATION_NOT_FOUND: { code: 'INVITATION_NOT_FOUND', message: 'Invitation not found' },
  YOU_ARE_NOT_THE_RECIPIENT_OF_THE_INVITATION: {
    code: 'INVITATION_NOT_FOUND',
    message: 'Invitation not found',
  },
  TEAM_NOT_FOUND: { code: 'TEAM_NOT_FOUND', message: 'Team not found' },
  USER_IS_NOT_A_MEMBER_OF_THE_TEAM: { code: 'TEAM_NOT_FOUND', message: 'Team not found' },
  ROLE_NOT_FOUND: { code: 'ROLE_NOT_FOUND', message: 'Role not found' },
};

/**
 * A signed-in member refused an action is 403, not 401 (401 means "sign in"): better-auth answers
 * remove-member with 401 when the role lacks member:delete.
 */
const FORBIDDEN_AS_401_CODES = new Set(['YOU_ARE_NOT_ALLOWED_TO_DELETE_THIS_MEMBER']);

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
      return rewritten(response, 404, FOREIGN_ID_CODES.INVITATION_NOT_FOUND);
    return response;
  }
  if (response.status === 401 && FORBIDDEN_AS_401_CODES.has(body.code)) return rewritten(response, 403, body);
  const replacement = FOREIGN_ID_CODES[body.code];
  return replacement ? rewritten(response, 404, replacement) : response;
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
