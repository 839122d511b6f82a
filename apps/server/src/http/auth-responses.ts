/**
 * better-auth answers an id from another organisation with 400/403 ("not a member", "not found").
 * DESIGN §5 wants 404 there: a caller must not learn that the id exists. These codes are rewritten to
 * a 404 in better-auth's own error format (its clients parse that format), naming the missing thing.
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

export async function hideForeignIds(response: Response): Promise<Response> {
  if (response.status !== 400 && response.status !== 403) return response;
  if (!response.headers.get('content-type')?.includes('application/json')) return response;
  const body = (await response
    .clone()
    .json()
    .catch(() => null)) as { code?: unknown } | null;
  const replacement = typeof body?.code === 'string' ? FOREIGN_ID_CODES[body.code] : undefined;
  if (!replacement) return response;
  const headers = new Headers(response.headers);
  headers.delete('content-length');
  return new Response(JSON.stringify(replacement), { status: 404, headers });
}
