import { createFileRoute, Link, notFound } from '@tanstack/react-router';
import { mdxComponents } from '../components/site/mdx-components';
import { PostMeta } from '../components/site/post-meta';
import { PROSE } from '../components/site/prose';
import { publicHead } from '../components/site/seo';
import { ArrowLeftIcon } from '../components/site/site-icons';
import { SiteLayout } from '../components/site/site-layout';
import { TableOfContents } from '../components/site/table-of-contents';
import { canonicalPath, getPost, loadPost, posts } from '../content';

export const Route = createFileRoute('/blog/$slug/')({
  loader: async ({ params }) => {
    const post = await loadPost(params.slug);
    // Spec §2/§8: an unknown slug shows the not-found view.
    if (!post) throw notFound();
    return post;
  },
  head: ({ match, params }) => {
    const post = getPost(params.slug);
    if (!post) return {};
    return publicHead(match.context.config, {
      title: post.title,
      description: post.excerpt,
      keywords: post.keywords,
      image: post.image,
      path: canonicalPath.post(post.slug),
      article: { author: post.author, publishedTime: post.date, section: post.category },
    });
  },
  staticData: { selfCanonical: true },
  component: BlogPost,
});

function BlogPost() {
  const { default: Content, meta: post, toc } = Route.useLoaderData();
  const index = posts.findIndex((candidate) => candidate.slug === post.slug);
  const newer = index > 0 ? posts[index - 1] : undefined;
  const older = posts[index + 1];
  return (
    <SiteLayout>
      <div className="mx-auto grid w-full max-w-6xl gap-10 px-4 py-10 md:px-6 md:py-14 xl:grid-cols-[minmax(0,1fr)_220px]">
        <article className="mx-auto w-full max-w-3xl min-w-0">
          <Link
            to="/blog"
            className="inline-flex items-center gap-1 text-sm text-muted-foreground hover:text-foreground"
          >
            <ArrowLeftIcon className="size-4" /> All posts
          </Link>
          <header className="mt-6">
            <PostMeta post={post} showAuthor />
            <h1 className="mt-4 text-3xl font-semibold tracking-tight text-balance md:text-4xl">
              {post.title}
            </h1>
            <p className="mt-4 text-lg text-muted-foreground">{post.excerpt}</p>
            <img
              src={post.image}
              alt=""
              width={1200}
              height={630}
              className="mt-8 aspect-[1200/630] w-full rounded-card border border-border object-cover"
            />
          </header>
          <div className={`mt-8 ${PROSE}`}>
            <Content components={mdxComponents} />
          </div>
          <nav
            aria-label="More posts"
            className="mt-14 grid gap-4 border-t border-border pt-8 sm:grid-cols-2"
          >
            {newer ? (
              <Link
                to="/blog/$slug"
                params={{ slug: newer.slug }}
                className="rounded-card border border-border p-4 hover:border-border-strong"
              >
                <span className="text-xs text-muted-foreground">Newer</span>
                <span className="mt-1 block font-medium">{newer.title}</span>
              </Link>
            ) : (
              <span />
            )}
            {older ? (
              <Link
                to="/blog/$slug"
                params={{ slug: older.slug }}
                className="rounded-card border border-border p-4 text-right hover:border-border-strong"
              >
                <span className="text-xs text-muted-foreground">Older</span>
                <span className="mt-1 block font-medium">{older.title}</span>
              </Link>
            ) : null}
          </nav>
        </article>
        <aside className="hidden xl:block">
          <div className="sticky top-20">
            <TableOfContents toc={toc} />
          </div>
        </aside>
      </div>
    </SiteLayout>
  );
}
