import { createFileRoute, Link, linkOptions, notFound } from '@tanstack/react-router';
import { type BlogPostMeta, canonicalPath, getPost, loadPost, posts } from '../content';
import { ContentArticle, type Neighbour } from '../features/site/content-article';
import { PostMeta } from '../features/site/post-meta';
import { publicHead } from '../features/site/seo';
import { ArrowLeftIcon } from '../features/site/site-icons';
import { SiteLayout } from '../features/site/site-layout';

export const Route = createFileRoute('/blog/$slug/')({
  loader: async ({ params }) => {
    const post = await loadPost(params.slug);
    // An unknown slug shows the not-found view.
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

function neighbour(caption: string, post: BlogPostMeta | undefined): Neighbour | undefined {
  return post
    ? { caption, title: post.title, link: linkOptions({ to: '/blog/$slug', params: { slug: post.slug } }) }
    : undefined;
}

function BlogPost() {
  const content = Route.useLoaderData();
  const post = content.meta;
  const index = posts.findIndex((candidate) => candidate.slug === post.slug);
  return (
    <SiteLayout>
      <ContentArticle
        content={content}
        className="mx-auto w-full max-w-6xl px-4 py-10 md:px-6 md:py-14 xl:grid-cols-[minmax(0,1fr)_220px]"
        articleClassName="mx-auto w-full"
        neighboursLabel="More posts"
        before={neighbour('Newer', index > 0 ? posts[index - 1] : undefined)}
        after={neighbour('Older', posts[index + 1])}
        header={
          <>
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
          </>
        }
      />
    </SiteLayout>
  );
}
