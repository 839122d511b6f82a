import { createFileRoute } from '@tanstack/react-router';
import { Home } from '../features/site/home';
import { publicHead } from '../features/site/seo';
import { SiteLayout } from '../features/site/site-layout';
import { SITE_DESCRIPTION } from '../lib/seo';

/** Home: the site title from the root layout, about AI-native project management for CLI agents. */
export const Route = createFileRoute('/')({
  head: ({ match }) =>
    publicHead(match.context.config, {
      description: SITE_DESCRIPTION,
      path: '/',
    }),
  component: HomePage,
});

function HomePage() {
  return (
    <SiteLayout>
      <Home />
    </SiteLayout>
  );
}
