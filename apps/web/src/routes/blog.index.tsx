import { createFileRoute, Link } from '@tanstack/react-router';
import { PostMeta } from '../components/site/post-meta';
import { publicHead } from '../components/site/seo';
import { ArrowRightIcon, RssIcon } from '../components/site/site-icons';
import { SiteLayout } from '../components/site/site-layout';
import { canonicalPath, posts } from '../content';

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
          <article
            className="group relative mt-10 grid overflow-hidden rounded-card border border-border bg-surface md:grid-cols-2"
            data-post={latest.slug}
          >
            <img
              src={latest.image}
              alt=""
              width={1200}
              height={630}
              className="aspect-[1200/630] w-full object-cover"
            />
            <div className="flex flex-col justify-center gap-3 p-6 md:p-8">
              <PostMeta post={latest} />
              <h2 className="text-2xl font-semibold tracking-tight text-balance">
                <Link
                  to="/blog/$slug"
                  params={{ slug: latest.slug }}
                  className="after:absolute after:inset-0"
                >
                  {latest.title}
                </Link>
              </h2>
              <p className="text-muted-foreground">{latest.preview ?? latest.excerpt}</p>
              <span className="inline-flex items-center gap-1 text-sm font-medium text-accent">
                Read the article{' '}
                <ArrowRightIcon className="size-4 transition-transform group-hover:translate-x-0.5" />
              </span>
            </div>
          </article>
        ) : (
          <p className="mt-10 text-muted-foreground">No posts yet.</p>
        )}

        {rest.length > 0 ? (
          <ul className="mt-8 grid gap-6 md:grid-cols-2">
            {rest.map((post) => (
              <li key={post.slug}>
                <article
                  className="group relative flex h-full flex-col overflow-hidden rounded-card border border-border bg-surface transition-colors hover:border-border-strong"
                  data-post={post.slug}
                >
                  <img
                    src={post.image}
                    alt=""
                    width={1200}
                    height={630}
                    loading="lazy"
                    className="aspect-[1200/630] w-full object-cover"
                  />
                  <div className="flex flex-1 flex-col gap-2.5 p-5">
                    <PostMeta post={post} />
                    <h2 className="font-semibold leading-snug tracking-tight text-balance">
                      <Link
                        to="/blog/$slug"
                        params={{ slug: post.slug }}
                        className="after:absolute after:inset-0"
                      >
                        {post.title}
                      </Link>
                    </h2>
                    <p className="line-clamp-4 text-sm text-muted-foreground">
                      {post.preview ?? post.excerpt}
                    </p>
                  </div>
                </article>
              </li>
            ))}
          </ul>
        ) : null}
      </main>
    </SiteLayout>
  );
}
