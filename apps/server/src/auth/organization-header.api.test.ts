import { describe, expect, it } from 'vitest';
import { createApiKey } from '../testing/agents';
import { signUp } from '../testing/auth-agent';
import { captureLoggedLines } from '../testing/logged-lines';
import { createOrganization, sessionOf } from '../testing/organizations';
import { useTestServer } from '../testing/server-hooks';

/**
 * A tab names the organization it shows (X-Organization-Id); the session's active organization is
 * shared by every tab, so a request naming another one comes from a tab left behind by a switch and
 * is refused, never carried out in either organization.
 */

captureLoggedLines();
const fixture = useTestServer();

interface ErrorBody {
  error: { code: string; message: string };
}

interface Project {
  id: string;
  key: string;
}

describe('X-Organization-Id', () => {
  it('acts when it names the active organization, and refuses a member’s other organization', async () => {
    const ada = await signUp(fixture.server, 'Ada Lovelace');
    const personal = (await sessionOf(ada))?.session.activeOrganizationId;
    expect(personal).toBeTruthy();
    const team = await createOrganization(ada, 'Analytical Engines');

    const here = await ada.post<Project>(
      '/api/v1/projects',
      { name: 'Notes', key: 'NTS' },
      { headers: { 'x-organization-id': String(personal) } },
    );
    expect(here.status).toBe(201);

    // Ada is a member of both; a tab still showing the team organization must not create here.
    const stale = await ada.post<ErrorBody>(
      '/api/v1/projects',
      { name: 'Bernoulli', key: 'BRN' },
      { headers: { 'x-organization-id': team.id } },
    );
    expect(stale.status).toBe(409);
    expect(stale.body.error.code).toBe('ORGANIZATION_SWITCHED');
    expect(stale.body.error.message).toMatch(/another tab/);

    // Nothing was created in either organization.
    const listed = await ada.get<{ items: Project[] }>('/api/v1/projects');
    expect(listed.body.items.map((project) => project.key)).toEqual(['NTS']);
    await ada.auth('post', '/organization/set-active', { organizationId: team.id });
    const inTeam = await ada.get<{ items: Project[] }>('/api/v1/projects', {
      headers: { 'x-organization-id': team.id },
    });
    expect(inTeam.status).toBe(200);
    expect(inTeam.body.items).toEqual([]);

    // Reads are refused the same way: the stale tab never sees the other organization's data as its own.
    const staleRead = await ada.get<ErrorBody>('/api/v1/projects', {
      headers: { 'x-organization-id': String(personal) },
    });
    expect(staleRead.status).toBe(409);
    expect(staleRead.body.error.code).toBe('ORGANIZATION_SWITCHED');
  });

  it('refuses an outsider naming an organization they do not belong to, and leaks nothing', async () => {
    const owner = await signUp(fixture.server, 'Grace Owner');
    const theirs = await createOrganization(owner, 'Harvard Mark');
    await owner.auth('post', '/organization/set-active', { organizationId: theirs.id });
    const secret = await owner.post<Project>('/api/v1/projects', { name: 'Secret', key: 'SEC' });
    expect(secret.status).toBe(201);

    const outsider = await signUp(fixture.server, 'Mallory');
    const answer = await outsider.get<ErrorBody>('/api/v1/projects', {
      headers: { 'x-organization-id': theirs.id },
    });
    expect(answer.status).toBe(409);
    expect(answer.body.error.code).toBe('ORGANIZATION_SWITCHED');
    expect(JSON.stringify(answer.body)).not.toContain('SEC');
    const created = await outsider.post<ErrorBody>(
      '/api/v1/projects',
      { name: 'Planted', key: 'PLT' },
      { headers: { 'x-organization-id': theirs.id } },
    );
    expect(created.status).toBe(409);
    const ownerProjects = await owner.get<{ items: Project[] }>('/api/v1/projects');
    expect(ownerProjects.body.items.map((project) => project.key)).toEqual(['SEC']);
  });

  it('is optional, and API keys act in their own organization whatever it says', async () => {
    const kim = await signUp(fixture.server, 'Kim');
    const other = await createOrganization(kim, 'Elsewhere');
    const plain = await kim.get('/api/v1/projects');
    expect(plain.status).toBe(200);
    const key = await createApiKey(kim, { name: 'bot' });
    const withKey = await fixture.server.fetch('/api/v1/projects', {
      headers: { 'x-api-key': key.key, 'x-organization-id': other.id },
    });
    expect(withKey.status).toBe(200);
  });
});
