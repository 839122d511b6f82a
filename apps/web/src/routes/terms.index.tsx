import { createFileRoute, notFound } from '@tanstack/react-router';
import { canonicalPath, loadPage, pages } from '../content';
import { LegalPage } from '../features/site/legal-page';
import { publicHead } from '../features/site/seo';

export const Route = createFileRoute('/terms/')({
  loader: async () => {
    const page = await loadPage('terms');
    if (!page) throw notFound();
    return page;
  },
  head: ({ match }) => {
    const page = pages.find((candidate) => candidate.path === 'terms');
    return publicHead(match.context.config, {
      title: page?.title ?? 'Terms of use',
      description: page?.description ?? 'Terms of use',
      keywords: page?.keywords,
      path: canonicalPath.page('terms'),
    });
  },
  staticData: { selfCanonical: true },
  component: Terms,
});

function Terms() {
  return <LegalPage page={Route.useLoaderData()} />;
}
