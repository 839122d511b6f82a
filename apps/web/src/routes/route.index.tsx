import { createFileRoute, Link } from '@tanstack/react-router';
import { buttonClasses } from '../components/ui/button';
import { pageHead } from '../lib/seo';

// /route/ exists but has no contents yet; it stays a plain page until the product gives it some.
export const Route = createFileRoute('/route/')({
  head: ({ match }) => pageHead(match.context.config, 'Route'),
  component: RoutePage,
});

function RoutePage() {
  return (
    <main className="mx-auto flex w-full max-w-md flex-1 flex-col items-center justify-center px-6 py-20 text-center">
      <h1 className="text-xl font-semibold tracking-tight">Nothing here yet</h1>
      <p className="mt-2 text-sm text-muted-foreground">This page has no content in this version.</p>
      <Link to="/" className={buttonClasses('secondary', 'md', 'mt-6')}>
        Go home
      </Link>
    </main>
  );
}
