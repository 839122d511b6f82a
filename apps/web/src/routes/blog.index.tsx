import { createFileRoute } from '@tanstack/react-router';
import { canonicalPath, posts } from '../content';
import { PostCard } from '../features/site/post-card';
import { publicHead } from '../features/site/seo';
import { RssIcon } from '../features/site/site-icons';
import { SiteLayout } from '../features/site/site-layout';

const DESCRIPTION =
  'Articles on running several coding agents in parallel: device login for CLIs, task claims and leases, work units and self-hosting Switchboard.';

export const Route = createFileRoute('/blog/')({
  head: ({ match }) =>
    publicHead(match.context.config, {
      title: 'Blog',
      description: DESCRIPTION,
      keywords: ['switchboard blog', 'ai coding agents', 'multi-agent', 'mcp', 'claude code', 'cursor'],
      path: canonicalPath.blog,
    }),
  staticData: { selfCanonical: true },
  component: BlogIndex,
});

function BlogIndex() {
  const [latest, ...rest] = posts;
  return (
    <SiteLayout>
      <main className="mx-auto w-full max-w-6xl px-4 py-12 md:px-6 md:py-16">
        <div className="flex flex-wrap items-end justify-between gap-4">
          <div>
            <h1 className="text-3xl font-semibold tracking-tight md:text-4xl">Blog</h1>
            <p className="mt-2 max-w-2xl text-muted-foreground">{DESCRIPTION}</p>
          </div>
          <a
            href="/rss.xml"
            className="inline-flex items-center gap-1.5 text-sm text-muted-foreground hover:text-foreground"
          >
            <RssIcon className="size-4" /> RSS
          </a>
        </div>

        {latest ? (
          <PostCard post={latest} layout="featured" />
        ) : (
          <p className="mt-10 text-muted-foreground">No posts yet.</p>
        )}

        {rest.length > 0 ? (
          <ul className="mt-8 grid gap-6 md:grid-cols-2">
            {rest.map((post) => (
              <li key={post.slug}>
                <PostCard post={post} layout="tile" />
              </li>
            ))}
          </ul>
        ) : null}
      </main>
    </SiteLayout>
  );
}
