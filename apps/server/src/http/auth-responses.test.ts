import { describe, expect, it } from 'vitest';
import { EnvError, parseEnv } from '../env';
import { hideForeignIds, withClientAddress } from './auth-responses';

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json', 'x-kept': 'yes' },
  });

describe('hideForeignIds', () => {
  it.each([
    [403, 'USER_IS_NOT_A_MEMBER_OF_THE_ORGANIZATION', 'ORGANIZATION_NOT_FOUND'],
    [401, 'USER_IS_NOT_A_MEMBER_OF_THE_ORGANIZATION', 'ORGANIZATION_NOT_FOUND'],
    [403, 'YOU_ARE_NOT_ALLOWED_TO_ACCESS_THIS_ORGANIZATION', 'ORGANIZATION_NOT_FOUND'],
    [400, 'MEMBER_NOT_FOUND', 'MEMBER_NOT_FOUND'],
    [403, 'YOU_ARE_NOT_THE_RECIPIENT_OF_THE_INVITATION', 'INVITATION_NOT_FOUND'],
    [400, 'USER_IS_NOT_A_MEMBER_OF_THE_TEAM', 'TEAM_NOT_FOUND'],
  ])('turns %i %s into 404 %s, keeping the other headers', async (status, code, replacement) => {
    const response = await hideForeignIds(json(status, { code, message: 'whatever' }));
    expect(response.status).toBe(404);
    expect(response.headers.get('x-kept')).toBe('yes');
    expect(((await response.json()) as { code: string }).code).toBe(replacement);
  });

  it("turns get-invitation's code-less 'Invitation not found!' into a 404", async () => {
    const response = await hideForeignIds(json(400, { message: 'Invitation not found!' }));
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ code: 'INVITATION_NOT_FOUND', message: 'Invitation not found' });
  });

  it('answers a refused member removal with 403, not 401', async () => {
    const body = {
      code: 'YOU_ARE_NOT_ALLOWED_TO_DELETE_THIS_MEMBER',
      message: 'You are not allowed to delete this member',
    };
    const response = await hideForeignIds(json(401, body));
    expect(response.status).toBe(403);
    expect(await response.json()).toEqual(body);
  });

  it('leaves everything else alone', async () => {
    const refused = json(403, { code: 'YOU_ARE_NOT_ALLOWED_TO_UPDATE_THIS_ORGANIZATION' });
    expect(await hideForeignIds(refused)).toBe(refused);
    const ok = json(200, { code: 'MEMBER_NOT_FOUND' });
    expect(await hideForeignIds(ok)).toBe(ok);
    const unauthenticated = json(401, { code: 'UNAUTHORIZED' });
    expect(await hideForeignIds(unauthenticated)).toBe(unauthenticated);
    const text = new Response('MEMBER_NOT_FOUND', { status: 400 });
    expect(await hideForeignIds(text)).toBe(text);
  });
});

describe('withClientAddress', () => {
  const request = (headers: Record<string, string> = {}) =>
    new Request('http://127.0.0.1:3000/api/v1/auth/sign-in/email', {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify({ email: 'a@b.c', password: 'x' }),
    });

  it('replaces a client-written X-Forwarded-For with the socket address', async () => {
    const rebuilt = withClientAddress(request({ 'x-forwarded-for': '6.6.6.6' }), '203.0.113.7');
    expect(rebuilt.headers.get('x-forwarded-for')).toBe('203.0.113.7');
    expect(await rebuilt.json()).toEqual({ email: 'a@b.c', password: 'x' });
    expect(rebuilt.method).toBe('POST');
    expect(rebuilt.url).toBe('http://127.0.0.1:3000/api/v1/auth/sign-in/email');
  });

  it('behind trusted proxies, appends the socket address to what they forwarded', () => {
    const rebuilt = withClientAddress(request({ 'x-forwarded-for': '198.51.100.4' }), '10.0.0.2', [
      '10.0.0.0/8',
    ]);
    expect(rebuilt.headers.get('x-forwarded-for')).toBe('198.51.100.4, 10.0.0.2');
  });

  it('drops the header when the socket address is unknown', () => {
    expect(
      withClientAddress(request({ 'x-forwarded-for': '6.6.6.6' }), undefined).headers.has('x-forwarded-for'),
    ).toBe(false);
  });
});

describe('TRUSTED_PROXIES', () => {
  it('takes comma-separated addresses and ranges, and defaults to none', () => {
    expect(parseEnv({}).TRUSTED_PROXIES).toEqual([]);
    expect(parseEnv({ TRUSTED_PROXIES: '10.0.0.0/8, 127.0.0.1,::1, fd00::/8' }).TRUSTED_PROXIES).toEqual([
      '10.0.0.0/8',
      '127.0.0.1',
      '::1',
      'fd00::/8',
    ]);
  });

  it.each(['proxy.local', '10.0.0.0/33', '::1/129', '1.2.3.4/8/1', '10.0.0.0/x'])('refuses %s', (value) => {
    expect(() => parseEnv({ TRUSTED_PROXIES: value })).toThrow(EnvError);
  });
});
