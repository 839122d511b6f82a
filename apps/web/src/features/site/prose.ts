/**
 * Typography of articles (docs, blog, legal pages), as Tailwind utilities so it ships in the main
 * stylesheet and prerendered pages are styled before any script runs.
 */
export const PROSE = [
  'text-[15px] leading-7 text-foreground/90',
  '[&_h1]:text-3xl [&_h1]:font-semibold [&_h1]:tracking-tight',
  '[&_h2]:mt-12 [&_h2]:mb-3 [&_h2]:scroll-mt-24 [&_h2]:text-xl [&_h2]:font-semibold [&_h2]:tracking-tight [&_h2]:text-foreground',
  '[&_h3]:mt-8 [&_h3]:mb-2 [&_h3]:scroll-mt-24 [&_h3]:text-base [&_h3]:font-semibold [&_h3]:text-foreground',
  '[&_h4]:mt-6 [&_h4]:mb-2 [&_h4]:scroll-mt-24 [&_h4]:font-semibold',
  '[&_.heading-anchor]:text-inherit [&_.heading-anchor]:no-underline',
  "[&_.heading-anchor]:after:ml-2 [&_.heading-anchor]:after:text-muted-foreground [&_.heading-anchor]:after:opacity-0 [&_.heading-anchor]:after:content-['#'] [&_.heading-anchor:hover]:after:opacity-100",
  '[&_p]:my-4 [&_ul]:my-4 [&_ul]:list-disc [&_ul]:pl-6 [&_ol]:my-4 [&_ol]:list-decimal [&_ol]:pl-6 [&_li]:my-1.5 [&_li>p]:my-1',
  '[&_a:not(.heading-anchor)]:text-accent [&_a:not(.heading-anchor)]:underline [&_a:not(.heading-anchor)]:decoration-accent/40 [&_a:not(.heading-anchor)]:underline-offset-2 [&_a:not(.heading-anchor):hover]:decoration-accent',
  '[&_strong]:font-semibold [&_strong]:text-foreground',
  '[&_:not(pre)>code]:rounded [&_:not(pre)>code]:border [&_:not(pre)>code]:border-border [&_:not(pre)>code]:bg-subtle [&_:not(pre)>code]:px-1.5 [&_:not(pre)>code]:py-0.5 [&_:not(pre)>code]:font-mono [&_:not(pre)>code]:text-[0.86em] [&_:not(pre)>code]:text-foreground',
  '[&_blockquote]:my-5 [&_blockquote]:border-l-2 [&_blockquote]:border-accent [&_blockquote]:pl-4 [&_blockquote]:text-muted-foreground',
  '[&_hr]:my-10 [&_hr]:border-border',
  '[&_table]:w-full [&_table]:border-collapse [&_table]:text-sm',
  '[&_th]:border-b [&_th]:border-border [&_th]:bg-subtle [&_th]:px-3 [&_th]:py-2 [&_th]:text-left [&_th]:font-semibold [&_th]:text-foreground',
  '[&_td]:border-b [&_td]:border-border [&_td]:px-3 [&_td]:py-2 [&_td]:align-top [&_tr:last-child>td]:border-b-0',
].join(' ');
