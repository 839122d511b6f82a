import type { githubRepository } from '../../db/schema';
import type { GithubClient } from '../../github/client';
import type { SecretBox } from '../../secret-box';

/** What code-connected work needs from the server's set-up: GitHub's addresses, our own, and the sealing key. */
export interface GithubIntegration {
  client: GithubClient;
  /** Seals tokens and webhook secrets at rest. */
  box: SecretBox;
  /** GitHub's web address (github.com or a GitHub Enterprise Server), for links to branches. */
  webUrl: string;
  /** This server's API origin, which webhook URLs are made from. */
  apiUrl: string;
  /** The web app's origin, which commit statuses link to. */
  appUrl: string;
  /** The first retry of a commit status GitHub did not take waits this long; each next one twice as long. */
  retryBaseMs: number;
}

/** The repository's token, or undefined when none is stored or it cannot be read with this server's secret. */
export function tokenOf(
  row: Pick<typeof githubRepository.$inferSelect, 'sealedToken'>,
  integration: Pick<GithubIntegration, 'box'>,
): string | undefined {
  return row.sealedToken ? integration.box.open(row.sealedToken) : undefined;
}
