import { createFileRoute, notFound } from '@tanstack/react-router';
import { canonicalPath, getDoc, loadDoc } from '../content';
import { DocArticle } from '../features/site/doc-article';
import { publicHead } from '../features/site/seo';

export const Route = createFileRoute('/docs/')({
  loader: async () => {
    const doc = await loadDoc('');
    if (!doc) throw notFound();
    return doc;
  },
  head: ({ match }) => {
    const doc = getDoc('');
    return publicHead(match.context.config, {
      title: 'Documentation',
      description: doc?.description ?? 'Switchboard documentation.',
      keywords: doc?.keywords,
      path: canonicalPath.doc(''),
    });
  },
  staticData: { selfCanonical: true },
  component: DocsIndex,
});

function DocsIndex() {
  return <DocArticle doc={Route.useLoaderData()} />;
}
