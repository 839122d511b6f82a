import { Link } from '@tanstack/react-router';
import { ErrorView } from '../../components/error-view';
import { LockIcon } from '../../components/icons';
import { AuthCallError } from '../../lib/auth-call';
import { describeAccessProblem } from '../../lib/error-messages';

/**
 * The error view of the organization screens: a refusal (401/403) is explained with the shared access
 * message; an organization that is gone says so; anything else is the app's usual error view.
 */
export function OrganizationErrorView({
  error,
  resource = 'organization',
}: {
  error: unknown;
  resource?: string;
}) {
  const access = describeAccessProblem(error, resource);
  const gone = error instanceof AuthCallError && error.status === 404;
  if (!access && !gone) return <ErrorView error={error} />;
  return (
    <div role="alert" className="mx-auto flex max-w-md flex-col items-center gap-3 px-6 py-16 text-center">
      <span className="grid size-10 place-items-center rounded-full bg-subtle text-lg text-muted-foreground">
        <LockIcon />
      </span>
      <h1 className="text-lg font-semibold text-foreground">
        {access ? access.title : 'Organization not found'}
      </h1>
      <p className="text-sm text-muted-foreground">
        {access ? access.message : 'This organization does not exist, or you are no longer a member.'}
      </p>
      <p className="text-sm text-muted-foreground">
        {access ? access.hint : 'Pick another organization from the menu at the top left.'}
      </p>
      <Link
        to={access?.signedOut ? '/auth' : '/dashboard'}
        className="text-sm font-medium text-accent hover:underline"
      >
        {access?.signedOut ? 'Sign in' : 'Go to the dashboard'}
      </Link>
    </div>
  );
}
