import { ACCOUNT_LIMITS } from '@switchboard/api-client/contract';
import { afterAll, afterEach, beforeAll, describe, expect, it, type MockInstance, vi } from 'vitest';
import { AuthAgent, type AuthError, signUp, TEST_PASSWORD, uniqueEmail } from '../testing/auth-agent';
import { addMember, createOrganization, membersOf, sessionOf } from '../testing/organizations';
import { useTestServer } from '../testing/server-hooks';

/**
 * Input better-auth leaves to the database is refused with a 400 naming the field, before anything is
 * stored or looked up, and nothing a client sent reaches the log whole.
 */

const fixture = useTestServer();

const ONE_MEGABYTE_ADDRESS = `${'a'.repeat(1_000_000)}@example.com`;

/** Every line the server printed to any console stream during a test. */
let printed: MockInstance[] = [];
beforeAll(() => {
  printed = (['log', 'info', 'warn', 'error'] as const).map((stream) =>
    vi.spyOn(console, stream).mockImplementation(() => undefined),
  );
});
afterEach(() => {
  for (const spy of printed) spy.mockClear();
});
afterAll(() => {
  for (const spy of printed) spy.mockRestore();
});
const longestPrintedLine = () =>
  Math.max(0, ...printed.flatMap((spy) => spy.mock.calls.map((call) => call.map(String).join(' ').length)));

describe('names', () => {
  it.each([
    ['null', null],
    ['empty', '  '],
    ['a number', 42],
    ['over-long', 'x'.repeat(ACCOUNT_LIMITS.nameMaxLength + 1)],
  ])('update-user refuses a %s name with 400 and keeps the old one', async (_label, name) => {
    const ann = await signUp(fixture.server, 'Ann Named');
    const answer = await ann.auth<AuthError>('post', '/update-user', { name });
    expect(answer.status).toBe(400);
    expect(answer.body.code).toBe('VALIDATION_FAILED');
    expect(answer.body.message).toMatch(/^name: /);
    expect((await sessionOf(ann))?.user.name).toBe('Ann Named');
  });

  it('update-user still changes the name, and leaves it alone when another field changes', async () => {
    const bo = await signUp(fixture.server, 'Bo');
    expect((await bo.auth('post', '/update-user', { name: 'Bo Renamed' })).status).toBe(200);
    expect((await bo.auth('post', '/update-user', { image: 'https://example.com/bo.png' })).status).toBe(200);
    expect((await sessionOf(bo))?.user.name).toBe('Bo Renamed');
  });

  it('sign-up refuses an over-long name', async () => {
    const answer = await new AuthAgent(fixture.server).post<AuthError>('/api/v1/auth/sign-up/email', {
      name: 'n'.repeat(ACCOUNT_LIMITS.nameMaxLength + 1),
      email: uniqueEmail('long-name'),
      password: TEST_PASSWORD,
    });
    expect(answer.status).toBe(400);
    expect(answer.body.message).toBe(`name: must be at most ${ACCOUNT_LIMITS.nameMaxLength} characters`);
  });
});

describe('e-mail addresses', () => {
  it.each([
    ['/api/v1/auth/sign-in/email', { email: ONE_MEGABYTE_ADDRESS, password: TEST_PASSWORD }],
    ['/api/v1/auth/sign-up/email', { name: 'Big', email: ONE_MEGABYTE_ADDRESS, password: TEST_PASSWORD }],
    ['/api/v1/auth/request-password-reset', { email: ONE_MEGABYTE_ADDRESS }],
  ])('%s refuses a 1 MB address with 400, and prints no line over 1,000 characters', async (path, body) => {
    const answer = await new AuthAgent(fixture.server).post<AuthError>(path, body);
    expect(answer.status).toBe(400);
    expect(answer.body.code).toBe('VALIDATION_FAILED');
    expect(answer.body.message).toBe(`email: must be at most ${ACCOUNT_LIMITS.emailMaxLength} characters`);
    expect(longestPrintedLine()).toBeLessThan(1_000);
  });

  it('an address at the limit is looked up as usual', async () => {
    const local = 'b'.repeat(ACCOUNT_LIMITS.emailMaxLength - '@example.com'.length);
    const answer = await new AuthAgent(fixture.server).post<AuthError>('/api/v1/auth/sign-in/email', {
      email: `${local}@example.com`,
      password: TEST_PASSWORD,
    });
    expect(answer.status).toBe(401);
  });
});

describe('organization updates', () => {
  it('refuses data that changes nothing with 400, and the organization is unchanged', async () => {
    const owner = await signUp(fixture.server, 'Org Owner');
    const organization = await createOrganization(owner, 'Unchanged Org');
    const answer = await owner.auth<AuthError>('post', '/organization/update', {
      organizationId: organization.id,
      data: { a: 1 },
    });
    expect(answer.status).toBe(400);
    expect(answer.body.message).toBe('data: give at least one of name, slug, logo, metadata');
    const renamed = await owner.auth<{ name: string }>('post', '/organization/update', {
      organizationId: organization.id,
      data: { name: 'Renamed Org' },
    });
    expect(renamed.status).toBe(200);
    expect(renamed.body.name).toBe('Renamed Org');
  });
});

describe('removing one of two owners', () => {
  it('says only an owner can remove an owner, to an admin and a member; an owner may; an outsider gets 404', async () => {
    const first = await signUp(fixture.server, 'First Owner');
    const second = await signUp(fixture.server, 'Second Owner');
    const admin = await signUp(fixture.server, 'The Admin');
    const member = await signUp(fixture.server, 'The Member');
    const outsider = await signUp(fixture.server, 'Outsider');
    await createOrganization(outsider, 'Elsewhere');
    const organization = await createOrganization(first, 'Two Owners');
    const secondMember = await addMember(first, organization.id, second, 'owner');
    await addMember(first, organization.id, admin, 'admin');
    await addMember(first, organization.id, member, 'member');

    const remove = (agent: AuthAgent) =>
      agent.auth<AuthError>('post', '/organization/remove-member', {
        organizationId: organization.id,
        memberIdOrEmail: secondMember.id,
      });
    for (const refused of [admin, member]) {
      const answer = await remove(refused);
      expect(answer.status).toBe(403);
      expect(answer.body).toEqual({
        code: 'ONLY_OWNERS_REMOVE_OWNERS',
        message: 'Only an owner can remove another owner.',
      });
    }
    const byEmail = await admin.auth<AuthError>('post', '/organization/remove-member', {
      organizationId: organization.id,
      memberIdOrEmail: second.user.email,
    });
    expect(byEmail.body.code).toBe('ONLY_OWNERS_REMOVE_OWNERS');
    expect((await remove(outsider)).status).toBe(404);
    expect(await membersOf(first, organization.id)).toHaveLength(4);

    expect((await remove(first)).status).toBe(200);
    expect(await membersOf(first, organization.id)).toHaveLength(3);
  });
});
