import { createApiClient } from '@switchboard/api-client';
import { ApiError } from '@switchboard/api-client/errors';
import { describe, expect, it } from 'vitest';
import { listOrganizations, signOut } from './better-auth';
import { AuthError } from './exit-codes';

/** A better-auth client whose every answer is `status` with `body`. */
function answering(status: number, body: unknown) {
  return createApiClient({
    baseUrl: 'http://switchboard.test',
    basePath: '/api/v1/auth',
    fetch: async () =>
      new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } }),
  });
}

describe("better-auth's answers", () => {
  it("turns a refused session into 'log in again' (exit 3) in better-auth's words", async () => {
    const refused = listOrganizations(
      answering(401, { code: 'UNAUTHORIZED_SESSION', message: 'Unauthorized or invalid session' }),
    );
    await expect(refused).rejects.toBeInstanceOf(AuthError);
    await expect(refused).rejects.toThrow('Unauthorized or invalid session: run `switchboard login`.');
  });

  it('leaves its other refusals as they are', async () => {
    const refused = listOrganizations(answering(429, { code: 'RATE_LIMITED', message: 'Too many requests' }));
    await expect(refused).rejects.toBeInstanceOf(ApiError);
  });

  it('counts signing out a session the server already ended as done', async () => {
    expect(await signOut(answering(200, { success: true }))).toBe('signed-out');
    expect(await signOut(answering(401, {}))).toBe('already-ended');
    await expect(signOut(answering(500, {}))).rejects.toBeInstanceOf(ApiError);
  });
});
