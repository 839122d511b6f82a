import { randomUUID } from 'node:crypto';
import { signatureOf } from '../github/signature';
import type { TestServer } from './harness';
import type { Json, Reply } from './projects';

/** A connected repository as its connect answer showed it: where to deliver and what to sign with. */
export interface ConnectedRepository {
  id: string;
  webhookUrl: string;
  webhookSecret: string;
}

export interface DeliveryOptions {
  /** @default a fresh id */
  deliveryId?: string;
  /** The X-Hub-Signature-256 header: a string as given, null for none. @default the body's signature */
  signature?: string | null;
  /** Sent instead of the payload's JSON, still signed unless `signature` says otherwise. */
  rawBody?: string;
}

/** Sends one webhook delivery as GitHub would: JSON body, event and delivery headers, signed. */
export async function deliver(
  server: TestServer,
  repository: ConnectedRepository,
  event: string,
  payload: unknown,
  options: DeliveryOptions = {},
): Promise<Reply & { deliveryId: string }> {
  const deliveryId = options.deliveryId ?? randomUUID();
  const body = options.rawBody ?? JSON.stringify(payload);
  const signature =
    options.signature === undefined ? signatureOf(repository.webhookSecret, body) : options.signature;
  const response = await server.fetch(new URL(repository.webhookUrl).pathname, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-github-event': event,
      'x-github-delivery': deliveryId,
      'user-agent': 'GitHub-Hookshot/test',
      ...(signature === null ? {} : { 'x-hub-signature-256': signature }),
    },
    body,
  });
  const text = await response.text();
  return { status: response.status, body: text ? (JSON.parse(text) as Json) : null, deliveryId };
}

export interface PullRequestShape {
  action: string;
  number: number;
  title?: string;
  body?: string | null;
  branch?: string;
  sha?: string;
  draft?: boolean;
  /** closed with `merged: true` is a merge; without, a close. */
  state?: 'open' | 'closed';
  merged?: boolean;
  repository?: string;
}

/** A pull_request payload with the fields GitHub sends that Switchboard reads (and a few it does not). */
export function pullRequestPayload(shape: PullRequestShape): Json {
  const repository = shape.repository ?? 'acme/api';
  return {
    action: shape.action,
    number: shape.number,
    pull_request: {
      number: shape.number,
      html_url: `https://github.com/${repository}/pull/${shape.number}`,
      title: shape.title ?? `Pull request ${shape.number}`,
      body: shape.body ?? null,
      state: shape.state ?? 'open',
      draft: shape.draft ?? false,
      merged: shape.merged ?? false,
      head: { ref: shape.branch ?? `branch-${shape.number}`, sha: shape.sha ?? `sha-${shape.number}-1` },
      base: { ref: 'main' },
      labels: [],
    },
    repository: { full_name: repository, default_branch: 'main' },
    sender: { login: 'octocat' },
  };
}

export function pushPayload(
  branch: string,
  commits: { id: string; message: string }[],
  extra: Json = {},
): Json {
  return {
    ref: `refs/heads/${branch}`,
    before: '0000000',
    after: commits.at(-1)?.id ?? '0000000',
    commits: commits.map((commit) => ({ ...commit, url: `https://github.com/acme/api/commit/${commit.id}` })),
    repository: { full_name: 'acme/api', default_branch: 'main' },
    ...extra,
  };
}

export function checkRunPayload(sha: string, id: number, status: string, conclusion: string | null): Json {
  return {
    action: status === 'completed' ? 'completed' : 'created',
    check_run: { id, head_sha: sha, status, conclusion, name: 'ci' },
  };
}

export function statusPayload(sha: string, context: string, state: string): Json {
  return { sha, context, state, description: '', target_url: null };
}
