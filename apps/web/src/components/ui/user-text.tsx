import { withoutBidiControls } from '../../lib/bidi';

/**
 * A name or title someone typed: isolated (<bdi>), so a right-to-left name never reorders the words
 * around it, and without controls that would display it in another order than it is written. People
 * paste unbroken text (a URL, a hash, one long word): it wraps wherever it must, and counts as narrow
 * when flex and grid items size themselves, so it never widens the page. Only typed text gets this;
 * the app's own short labels and counts keep their words whole.
 */
export function UserText({ children }: { children: string }) {
  return <bdi className="wrap-anywhere">{withoutBidiControls(children)}</bdi>;
}
