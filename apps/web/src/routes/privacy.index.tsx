import { createFileRoute, notFound } from '@tanstack/react-router';
import { canonicalPath, loadPage, pages } from '../content';
import { LegalPage } from '../features/site/legal-page';
import { publicHead } from '../features/site/seo';

export const Route = createFileRoute('/privacy/')({
  loader: async () => {
    const page = await loadPage('privacy');
    if (!page) throw notFound();
    return page;
  },
  head: ({ match }) => {
    const page = pages.find((candidate) => candidate.path === 'privacy');
    return publicHead(match.context.config, {
      title: page?.title ?? 'Privacy policy',
      description: page?.description ?? 'Privacy policy',
      keywords: page?.keywords,
      path: canonicalPath.page('privacy'),
    });
  },
  staticData: { selfCanonical: true },
  component: Privacy,
});

function Privacy() {
  return <LegalPage page={Route.useLoaderData()} />;
}
