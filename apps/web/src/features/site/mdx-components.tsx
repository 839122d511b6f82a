import type { ComponentProps } from 'react';
import type { MdxComponents } from '../../content';
import { Callout } from './callout';
import { CodeBlock } from './code-block';
import { ContentLink } from './content-link';

function Table(props: ComponentProps<'table'>) {
  return (
    <div className="my-6 overflow-x-auto rounded-card border border-border">
      <table {...props} />
    </div>
  );
}

/** What compiled articles render their elements with. */
export const mdxComponents = {
  a: ContentLink,
  pre: CodeBlock,
  table: Table,
  Callout,
} as unknown as MdxComponents;
