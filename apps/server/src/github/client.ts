/** Where the GitHub REST API is: github.com's, or a GitHub Enterprise Server's /api/v3. */
export interface GithubApiOptions {
  /** @default https://api.github.com */
  apiUrl: string;
  /** A request to GitHub that takes longer than this is given up (and retried when it was a status). @default 10_000 */
  timeoutMs?: number;
}

/** What GitHub answered, in words for the repository's settings when it was not a success. */
export type GithubAnswer<T> = { ok: true; value: T } | { ok: false; refused: boolean; message: string };

export interface CommitStatus {
  state: 'pending' | 'success' | 'failure';
  description: string;
  targetUrl: string;
  context: string;
}

export interface GithubRepositoryFacts {
  fullName: string;
  /** Whether the token may push, when GitHub says (classic tokens); fine-grained tokens leave it out. */
  canPush: boolean | null;
}

export interface GithubClient {
  readRepository(owner: string, name: string, token: string): Promise<GithubAnswer<GithubRepositoryFacts>>;
  setCommitStatus(
    owner: string,
    name: string,
    sha: string,
    token: string,
    status: CommitStatus,
  ): Promise<GithubAnswer<null>>;
}

async function messageOf(response: Response): Promise<string> {
  const text = await response.text().catch(() => '');
  try {
    const body = JSON.parse(text) as { message?: unknown };
    if (typeof body.message === 'string') return `GitHub answered ${response.status}: ${body.message}`;
  } catch {
    // Not JSON: a proxy's page, say; its status is what there is to tell.
  }
  return `GitHub answered ${response.status}`;
}

/** The few GitHub REST calls the integration makes, each with the repository's own token. */
export function createGithubClient({ apiUrl, timeoutMs = 10_000 }: GithubApiOptions): GithubClient {
  const base = apiUrl.replace(/\/+$/, '');
  const call = async <T>(
    path: string,
    token: string,
    init: { method?: string; body?: unknown },
    read: (body: unknown) => T,
  ): Promise<GithubAnswer<T>> => {
    let response: Response;
    try {
      response = await fetch(`${base}${path}`, {
        method: init.method ?? 'GET',
        headers: {
          accept: 'application/vnd.github+json',
          authorization: `Bearer ${token}`,
          'x-github-api-version': '2022-11-28',
          'user-agent': 'switchboard',
          ...(init.body ? { 'content-type': 'application/json' } : {}),
        },
        body: init.body ? JSON.stringify(init.body) : undefined,
        signal: AbortSignal.timeout(timeoutMs),
      });
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      return { ok: false, refused: false, message: `GitHub could not be reached: ${reason}` };
    }
    if (!response.ok) {
      // 401/403/404/422 are GitHub saying no to this token or request; the rest may pass on a retry.
      const refused = [401, 403, 404, 422].includes(response.status);
      return { ok: false, refused, message: await messageOf(response) };
    }
    const body: unknown = await response.json().catch(() => null);
    return { ok: true, value: read(body) };
  };
  const repoPath = (owner: string, name: string) =>
    `/repos/${encodeURIComponent(owner)}/${encodeURIComponent(name)}`;
  return {
    readRepository: (owner, name, token) =>
      call(repoPath(owner, name), token, {}, (body) => {
        const facts = (body ?? {}) as { full_name?: unknown; permissions?: { push?: unknown } };
        return {
          fullName: typeof facts.full_name === 'string' ? facts.full_name : `${owner}/${name}`,
          canPush: typeof facts.permissions?.push === 'boolean' ? facts.permissions.push : null,
        };
      }),
    setCommitStatus: (owner, name, sha, token, status) =>
      call(
        `${repoPath(owner, name)}/statuses/${encodeURIComponent(sha)}`,
        token,
        {
          method: 'POST',
          body: {
            state: status.state,
            description: status.description,
            target_url: status.targetUrl,
            context: status.context,
          },
        },
        () => null,
      ),
  };
}
