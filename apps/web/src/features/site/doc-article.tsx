import { linkOptions } from '@tanstack/react-router';
import { type ContentModule, docNeighbours, type PageMeta } from '../../content';
import { ContentArticle, type Neighbour } from './content-article';

function neighbour(caption: string, page: PageMeta | undefined): Neighbour | undefined {
  if (!page) return undefined;
  // The introduction is the folder's own page; the others sit under it.
  const link =
    page.path === ''
      ? linkOptions({ to: '/docs' })
      : linkOptions({ to: '/docs/$', params: { _splat: page.path } });
  return { caption, title: page.title, link };
}

/** One docs page: title, description, the compiled article, previous/next links and its contents. */
export function DocArticle({ doc }: { doc: ContentModule<PageMeta> }) {
  const { meta } = doc;
  const { previous, next } = docNeighbours(meta.path);
  return (
    <ContentArticle
      content={doc}
      className="xl:grid-cols-[minmax(0,1fr)_200px]"
      neighboursLabel="Previous and next pages"
      before={neighbour('Previous', previous)}
      after={neighbour('Next', next)}
      header={
        <header className="border-b border-border pb-6">
          <h1 className="text-3xl font-semibold tracking-tight text-balance">{meta.title}</h1>
          <p className="mt-3 text-lg text-muted-foreground">{meta.description}</p>
        </header>
      }
    />
  );
}
