/**
 * The Liquid filters scaffold templates use. Self-contained (nothing from outside the function body),
 * because the render worker is started from this function's source text.
 */
export function createTemplateFilters(): Record<string, (value: unknown) => string> {
  const text = (value: unknown) => (value === null || value === undefined ? '' : String(value));
  // Words of an identifier or a phrase: "userProfile", "user_profile", "User Profile", "HTTPServer".
  const words = (value: unknown) =>
    text(value)
      .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
      .replace(/([A-Z]+)([A-Z][a-z])/g, '$1 $2')
      .split(/[^A-Za-z0-9]+/)
      .filter((word) => word !== '');
  const capitalize = (word: string) => word.charAt(0).toUpperCase() + word.slice(1).toLowerCase();

  const irregular: Record<string, string> = {
    person: 'people',
    man: 'men',
    woman: 'women',
    child: 'children',
    mouse: 'mice',
    goose: 'geese',
    foot: 'feet',
    tooth: 'teeth',
    datum: 'data',
    index: 'indices',
  };
  const uncountable = new Set(['data', 'information', 'equipment', 'series', 'species', 'news', 'metadata']);
  const irregularSingular: Record<string, string> = {};
  for (const [single, plural] of Object.entries(irregular)) irregularSingular[plural] = single;
  // Keeps the case of the word it replaces: "Person" → "People", "PERSON" → "PEOPLE".
  const matchCase = (original: string, replacement: string) => {
    if (original === original.toUpperCase() && original !== original.toLowerCase())
      return replacement.toUpperCase();
    if (original.charAt(0) === original.charAt(0).toUpperCase()) {
      return replacement.charAt(0).toUpperCase() + replacement.slice(1);
    }
    return replacement;
  };
  // Inflects the last word only, so "userProfile" becomes "userProfiles".
  const inflectLast = (value: unknown, inflect: (lowerWord: string) => string) => {
    const input = text(value);
    const match = /([A-Za-z]+)$/.exec(input);
    if (!match) return input;
    const whole = match[1] as string;
    // The last word of a camel-cased identifier starts at its last capital.
    const camelStart = whole.search(/[A-Z][a-z]*$/);
    const start = Math.max(camelStart, 0);
    const word = whole.slice(start);
    const prefix = input.slice(0, input.length - word.length);
    return prefix + matchCase(word, inflect(word.toLowerCase()));
  };
  const pluralOf = (word: string) => {
    if (uncountable.has(word)) return word;
    if (irregular[word]) return irregular[word] as string;
    if (irregularSingular[word]) return word;
    if (/(s|x|z|ch|sh)$/.test(word)) return `${word}es`;
    if (/[^aeiou]y$/.test(word)) return `${word.slice(0, -1)}ies`;
    if (/(?:[^f]fe|[lr]f)$/.test(word)) return `${word.replace(/fe?$/, '')}ves`;
    return `${word}s`;
  };
  const singularOf = (word: string) => {
    if (uncountable.has(word)) return word;
    if (irregularSingular[word]) return irregularSingular[word] as string;
    if (irregular[word]) return word;
    if (/ies$/.test(word) && word.length > 3) return `${word.slice(0, -3)}y`;
    if (/(?:^kn|^w|^l)ives$/.test(word)) return `${word.slice(0, -3)}fe`;
    if (/(?:[lr]|ea)ves$/.test(word)) return `${word.slice(0, -3)}f`;
    if (/(s|x|z|ch|sh)es$/.test(word)) return word.slice(0, -2);
    if (/ss$/.test(word) || /us$/.test(word) || /is$/.test(word)) return word;
    if (/s$/.test(word)) return word.slice(0, -1);
    return word;
  };

  return {
    camelCase: (value) =>
      words(value)
        .map((word, index) => (index === 0 ? word.toLowerCase() : capitalize(word)))
        .join(''),
    pascalCase: (value) => words(value).map(capitalize).join(''),
    titleCase: (value) => words(value).map(capitalize).join(' '),
    kebabCase: (value) =>
      words(value)
        .map((word) => word.toLowerCase())
        .join('-'),
    snakeCase: (value) =>
      words(value)
        .map((word) => word.toLowerCase())
        .join('_'),
    upperCase: (value) =>
      words(value)
        .map((word) => word.toUpperCase())
        .join('_'),
    lower: (value) => text(value).toLowerCase(),
    upper: (value) => text(value).toUpperCase(),
    pluralize: (value) => inflectLast(value, pluralOf),
    singularize: (value) => inflectLast(value, singularOf),
    strip: (value) => text(value).trim(),
  };
}
