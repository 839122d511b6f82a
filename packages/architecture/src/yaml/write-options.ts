import type { ToStringOptions } from 'yaml';

/**
 * Written files are read by people and diffed in pull requests: no line folding (a folded line would
 * change a description when read back by a different tool), literal blocks for multi-line text.
 */
export const yamlWriteOptions: ToStringOptions = {
  lineWidth: 0,
  minContentWidth: 0,
  blockQuote: 'literal',
};
