import { Link } from '@tanstack/react-router';
import { cn } from '../../components/ui/cn';
import type { BlogPostMeta } from '../../content';
import { PostMeta } from './post-meta';
import { ArrowRightIcon } from './site-icons';

const LAYOUTS = {
  /** The newest post on the blog's index: picture beside the words. */
  featured: {
    card: 'mt-10 grid md:grid-cols-2',
    body: 'justify-center gap-3 p-6 md:p-8',
    title: 'text-2xl font-semibold tracking-tight text-balance',
    summary: 'text-muted-foreground',
  },
  /** The other posts on the blog's index: picture above the words. */
  tile: {
    card: 'flex h-full flex-col transition-colors hover:border-border-strong',
    body: 'flex-1 gap-2.5 p-5',
    title: 'font-semibold leading-snug tracking-tight text-balance',
    summary: 'line-clamp-4 text-sm text-muted-foreground',
  },
  /** The home page's latest posts: words only. */
  compact: {
    card: 'h-full hover:border-border-strong',
    body: 'gap-3 p-5',
    title: 'font-semibold leading-snug',
    summary: 'line-clamp-3 text-sm text-muted-foreground',
  },
} as const;

export interface PostCardProps {
  post: BlogPostMeta;
  layout: keyof typeof LAYOUTS;
  /** @default 'h2' */
  heading?: 'h2' | 'h3';
}

/** One post in a list; its title is the link, stretched over the whole card. */
export function PostCard({ post, layout, heading: Heading = 'h2' }: PostCardProps) {
  const styles = LAYOUTS[layout];
  return (
    <article
      className={cn(
        'group relative overflow-hidden rounded-card border border-border bg-surface',
        styles.card,
      )}
      data-post={layout === 'compact' ? undefined : post.slug}
    >
      {layout === 'compact' ? null : (
        <img
          src={post.image}
          alt=""
          width={1200}
          height={630}
          loading={layout === 'tile' ? 'lazy' : undefined}
          className="aspect-[1200/630] w-full object-cover"
        />
      )}
      <div className={cn('flex flex-col', styles.body)}>
        <PostMeta post={post} />
        <Heading className={styles.title}>
          <Link to="/blog/$slug" params={{ slug: post.slug }} className="after:absolute after:inset-0">
            {post.title}
          </Link>
        </Heading>
        <p className={styles.summary}>
          {layout === 'compact' ? post.excerpt : (post.preview ?? post.excerpt)}
        </p>
        {layout === 'featured' ? (
          <span className="inline-flex items-center gap-1 text-sm font-medium text-accent">
            Read the article{' '}
            <ArrowRightIcon className="size-4 transition-transform group-hover:translate-x-0.5" />
          </span>
        ) : null}
      </div>
    </article>
  );
}
