import { afterAll, beforeAll } from 'vitest';
import { createAgentProfile, createApiKey } from './agents';
import { type Person, signUp } from './auth-agent';
import { serverForFile, type TestServer, type TestServerOptions } from './harness';
import { caller, createProject, joinOrganizationOf, send, type TestProject } from './projects';

/** The people of an organization, by the role they hold in it. */
export const ROLES = ['owner', 'admin', 'member'] as const;
export type Role = (typeof ROLES)[number];
/** The roles that may change an organization's settings (labels, rule sets, templates…). */
export const WRITER_ROLES = ['owner', 'admin'] as const satisfies readonly Role[];

export interface OrganizationFixtureOptions {
  /** Also an agent profile `backend-dev` and an API key acting as it (`agentKey`). @default false */
  agentKey?: boolean;
  /**
   * The server's options, or a function giving them as the fixture starts: for options that name
   * something an earlier hook of the file started, such as a fake mail server's address.
   */
  server?: TestServerOptions | (() => TestServerOptions);
}

/**
 * A server with one organization as most API tests need it (the test process's shared server unless
 * the file asks for server options): its owner, an admin and a member, project SWB, and an outsider
 * who owns another organization with project OUT, so that every route can be tried by each role and
 * from outside.
 */
export interface OrganizationFixture {
  server: TestServer;
  call: ReturnType<typeof caller>;
  owner: Person;
  admin: Person;
  member: Person;
  /** Belongs to another organization only (signing up made them one, with project OUT). */
  outsider: Person;
  /** Project SWB of the owner's organization. */
  project: TestProject;
  /** Project OUT of the outsider's organization. */
  outsiderProject: TestProject;
  /** The secret of an API key for agent profile `backend-dev`, when asked for with `agentKey`. */
  agentKey: string;
}

export async function startOrganizationFixture(
  options: OrganizationFixtureOptions = {},
): Promise<OrganizationFixture & { release(): Promise<void> }> {
  const { server, release } = await serverForFile(
    typeof options.server === 'function' ? options.server() : options.server,
  );
  try {
    const owner = await signUp(server, 'Olive Owner');
    const admin = await signUp(server, 'Adam Admin');
    const member = await signUp(server, 'Mia Member');
    const outsider = await signUp(server, 'Otto Outsider');
    await joinOrganizationOf(owner, admin, 'admin');
    await joinOrganizationOf(owner, member, 'member');
    const project = await createProject(server, owner, 'SWB');
    const outsiderProject = await createProject(server, outsider, 'OUT');
    const agentKey = options.agentKey ? await createAgentKey(server, owner) : undefined;
    const fixture = {
      server,
      call: caller(server),
      owner,
      admin,
      member,
      outsider,
      project,
      outsiderProject,
      release,
    };
    return Object.defineProperty(fixture, 'agentKey', {
      enumerable: true,
      get(): string {
        // A test reading a key it never asked for would otherwise fail later as a puzzling 401.
        if (agentKey === undefined)
          throw new Error('start the fixture with { agentKey: true } to use agentKey');
        return agentKey;
      },
    }) as OrganizationFixture & { release(): Promise<void> };
  } catch (error) {
    await release();
    throw error;
  }
}

async function createAgentKey(server: TestServer, owner: Person): Promise<string> {
  await createAgentProfile(server, owner, 'backend-dev');
  return (await createApiKey(owner, { name: 'builder', agentName: 'backend-dev' })).key;
}

/**
 * Starting a server and signing four people up is the slowest hook a file has; on a machine busy with
 * other test runs it outlasts the usual hook timeout.
 */
const FIXTURE_TIMEOUT_MS = 180_000;

/**
 * The fixture for one test file: set up before its tests; its own server, if it has one, is closed
 * after them. Its fields but `call` are filled in once the file's tests begin, so read them inside
 * hooks and tests, not while the file is collected.
 * Hooks the file registers after this call run after the fixture is ready.
 */
export function useOrganizationFixture(options: OrganizationFixtureOptions = {}): OrganizationFixture {
  // `call` reads the server when called, so a file may take it apart at once: `const { call } = fixture`.
  const fixture = {
    call: (person: Person, method: string, path: string, body?: unknown) =>
      send(fixture.server, person, method, path, body),
  } as OrganizationFixture;
  let release: (() => Promise<void>) | undefined;
  beforeAll(async () => {
    const { release: releaseServer, ...started } = Object.getOwnPropertyDescriptors(
      await startOrganizationFixture(options),
    );
    release = releaseServer.value;
    // Copies the agentKey getter as a getter, not its value.
    Object.defineProperties(fixture, started);
  }, FIXTURE_TIMEOUT_MS);
  afterAll(async () => {
    await release?.();
  });
  return fixture;
}
