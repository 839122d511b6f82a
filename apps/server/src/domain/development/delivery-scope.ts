import type { ActingContext } from '../actor';
import type { GithubIntegration } from './integration';
import type { RepositoryRow } from './repositories';

/** What every step of one webhook delivery works with. */
export interface DeliveryScope {
  repository: RepositoryRow;
  /** The key of the repository's project: the prefix of the task keys looked for. */
  projectKey: string;
  /** GitHub acting in the repository's organization. */
  context: ActingContext;
  integration: GithubIntegration;
}
