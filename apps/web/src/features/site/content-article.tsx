import { Link, type LinkProps } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import { cn } from '../../components/ui/cn';
import type { ContentModule } from '../../content';
import { mdxComponents } from './mdx-components';
import { PROSE } from './prose';
import { ArrowLeftIcon, ArrowRightIcon } from './site-icons';
import { TableOfContents } from './table-of-contents';

/** The page before or after this one in reading order. */
export interface Neighbour {
  /** e.g. 'Previous', 'Newer'. */
  caption: string;
  title: string;
  link: LinkProps;
}

function NeighbourLink({ neighbour, side }: { neighbour: Neighbour; side: 'before' | 'after' }) {
  const Arrow = side === 'before' ? ArrowLeftIcon : ArrowRightIcon;
  return (
    <Link
      {...neighbour.link}
      className={cn(
        'group flex flex-col rounded-card border border-border p-4 hover:border-border-strong',
        side === 'after' && 'items-end text-right',
      )}
    >
      <span
        className={cn(
          'inline-flex items-center gap-1 text-xs text-muted-foreground',
          side === 'after' && 'flex-row-reverse',
        )}
      >
        <Arrow className="size-3.5" />
        {neighbour.caption}
      </span>
      <span className="mt-1 font-medium">{neighbour.title}</span>
    </Link>
  );
}

export interface ContentArticleProps {
  content: ContentModule<unknown>;
  /** Title, description and whatever else goes above the words. */
  header: ReactNode;
  /** Names the previous/next navigation, e.g. 'More posts'. */
  neighboursLabel: string;
  before: Neighbour | undefined;
  after: Neighbour | undefined;
  className?: string;
  articleClassName?: string;
}

/** A compiled MDX page: its header, the words, links to its neighbours, and its contents at the side. */
export function ContentArticle({
  content: { default: Content, toc },
  header,
  neighboursLabel,
  before,
  after,
  className,
  articleClassName,
}: ContentArticleProps) {
  return (
    <div className={cn('grid gap-10', className)}>
      <article className={cn('min-w-0 max-w-3xl', articleClassName)}>
        {header}
        <div className={`mt-6 ${PROSE}`}>
          <Content components={mdxComponents} />
        </div>
        <nav
          aria-label={neighboursLabel}
          className="mt-14 grid gap-4 border-t border-border pt-8 sm:grid-cols-2"
        >
          {before ? <NeighbourLink neighbour={before} side="before" /> : <span />}
          {after ? <NeighbourLink neighbour={after} side="after" /> : null}
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
