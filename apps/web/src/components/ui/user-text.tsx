import { withoutBidiControls } from '../../lib/bidi';

/**
 * A name or title someone typed: isolated (<bdi>), so a right-to-left name never reorders the words
 * around it, and without controls that would display it in another order than it is written.
 */
export function UserText({ children }: { children: string }) {
  return <bdi>{withoutBidiControls(children)}</bdi>;
}
