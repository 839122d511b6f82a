/**
 * Embedding, override and isolate controls (LRE, RLE, PDF, LRO, RLO, LRI, RLI, FSI, PDI). In a name
 * they make text display in another order than it is written ('\u202Eevil' shows as 'live'), so
 * names are shown without them; the direction marks (LRM, RLM) stay, they cannot reorder letters.
 */
const BIDI_CONTROLS = /[\u202A-\u202E\u2066-\u2069]/g;

/** The text as it is written, without controls that would display it in another order. */
export function withoutBidiControls(text: string): string {
  return text.replace(BIDI_CONTROLS, '');
}
