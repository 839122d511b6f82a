import type { ContentModule, PageMeta } from '../../content';
import { mdxComponents } from './mdx-components';
import { PROSE } from './prose';
import { SiteLayout } from './site-layout';

/** Privacy and terms: one readable column of text. */
export function LegalPage({ page }: { page: ContentModule<PageMeta> }) {
  const { default: Content, meta } = page;
  return (
    <SiteLayout>
      <main className="mx-auto w-full max-w-3xl px-4 py-12 md:px-6 md:py-16">
        <h1 className="text-3xl font-semibold tracking-tight md:text-4xl">{meta.title}</h1>
        <div className={`mt-6 ${PROSE}`}>
          <Content components={mdxComponents} />
        </div>
      </main>
    </SiteLayout>
  );
}
