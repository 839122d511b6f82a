import { createFileRoute, notFound } from '@tanstack/react-router';
import { canonicalPath, getDoc, loadDoc } from '../content';
import { DocArticle } from '../features/site/doc-article';
import { publicHead } from '../features/site/seo';

function docPath(splat: string | undefined): string {
  return (splat ?? '').replace(/^\/+|\/+$/g, '');
}

/** Every docs page below /docs/, from content/docs/<path>.mdx. */
export const Route = createFileRoute('/docs/$')({
  loader: async ({ params }) => {
    const doc = await loadDoc(docPath(params._splat));
    if (!doc) throw notFound();
    return doc;
  },
  head: ({ match, params }) => {
    const path = docPath(params._splat);
    const doc = getDoc(path);
    if (!doc) return {};
    return publicHead(match.context.config, {
      title: `${doc.title} · Docs`,
      description: doc.description,
      keywords: doc.keywords,
      path: canonicalPath.doc(path),
    });
  },
  staticData: { selfCanonical: true },
  component: DocsPage,
});

function DocsPage() {
  return <DocArticle doc={Route.useLoaderData()} />;
}
