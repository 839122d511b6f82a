import { createFileRoute } from '@tanstack/react-router';
import { Home } from '../components/site/home';
import { publicHead } from '../components/site/seo';
import { SiteLayout } from '../components/site/site-layout';
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
