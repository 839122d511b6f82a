/**
 * A link inside a sentence. Colour alone does not tell it from the text around it (WCAG asks for 3:1
 * between them, or another cue), so it is underlined; a button-like link standing alone need not be.
 */
export const inlineLinkClasses = 'text-accent underline underline-offset-2 hover:decoration-2';
