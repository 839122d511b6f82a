import type { BlogPostMeta } from '../../content';
import { ClockIcon } from './site-icons';

const DATE_FORMAT = new Intl.DateTimeFormat('en', {
  year: 'numeric',
  month: 'long',
  day: 'numeric',
  timeZone: 'UTC',
});

/** `2026-11-05` → `November 5, 2026`, the same on the server and in every browser time zone. */
export function formatPostDate(date: string): string {
  return DATE_FORMAT.format(new Date(`${date}T00:00:00Z`));
}

/** Category, date and reading time of a post. */
export function PostMeta({ post, showAuthor = false }: { post: BlogPostMeta; showAuthor?: boolean }) {
  return (
    <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-[13px] text-muted-foreground">
      <span className="rounded-full border border-border bg-surface px-2 py-0.5 text-xs font-medium text-foreground">
        {post.category}
      </span>
      {showAuthor ? <span>By {post.author}</span> : null}
      <time dateTime={post.date}>{formatPostDate(post.date)}</time>
      <span className="inline-flex items-center gap-1">
        <ClockIcon className="size-3.5" />
        {post.readTime}
      </span>
    </p>
  );
}
