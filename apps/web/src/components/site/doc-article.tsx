import { Link } from '@tanstack/react-router';
import { type ContentModule, docNeighbours, type PageMeta } from '../../content';
import { mdxComponents } from './mdx-components';
import { PROSE } from './prose';
import { ArrowLeftIcon, ArrowRightIcon } from './site-icons';
import { TableOfContents } from './table-of-contents';

function DocLink({ page, direction }: { page: PageMeta; direction: 'previous' | 'next' }) {
  const className = `group flex flex-col rounded-card border border-border p-4 hover:border-border-strong ${direction === 'next' ? 'items-end text-right' : ''}`;
  const label = (
    <span className="inline-flex items-center gap-1 text-xs text-muted-foreground">
      {direction === 'previous' ? <ArrowLeftIcon className="size-3.5" /> : null}
      {direction === 'previous' ? 'Previous' : 'Next'}
      {direction === 'next' ? <ArrowRightIcon className="size-3.5" /> : null}
    </span>
  );
  const title = <span className="mt-1 font-medium">{page.title}</span>;
  return page.path === '' ? (
    <Link to="/docs" className={className}>
      {label}
      {title}
    </Link>
  ) : (
    <Link to="/docs/$" params={{ _splat: page.path }} className={className}>
      {label}
      {title}
    </Link>
  );
}

/** One docs page: title, description, the compiled article, previous/next links and its contents. */
export function DocArticle({ doc }: { doc: ContentModule<PageMeta> }) {
  const { default: Content, meta, toc } = doc;
  const { previous, next } = docNeighbours(meta.path);
  return (
    <div className="grid gap-10 xl:grid-cols-[minmax(0,1fr)_200px]">
      <article className="min-w-0 max-w-3xl">
        <header className="border-b border-border pb-6">
          <h1 className="text-3xl font-semibold tracking-tight text-balance">{meta.title}</h1>
          <p className="mt-3 text-lg text-muted-foreground">{meta.description}</p>
        </header>
        <div className={`mt-6 ${PROSE}`}>
          <Content components={mdxComponents} />
        </div>
        <nav
          aria-label="Previous and next pages"
          className="mt-14 grid gap-4 border-t border-border pt-8 sm:grid-cols-2"
        >
          {previous ? <DocLink page={previous} direction="previous" /> : <span />}
          {next ? <DocLink page={next} direction="next" /> : null}
        </nav>
      </article>
      <aside className="hidden xl:block">
        <div className="sticky top-20">
          <TableOfContents toc={toc} />
        </div>
      </aside>
    </div>
  );
}
