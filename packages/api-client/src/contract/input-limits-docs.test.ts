import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { RULE_SET_LIMITS, YAML_LIMITS } from './input-limits';
import { OUTLINE_LIMITS } from './plans';

// The docs state the input limits in words; a limit changed here must be changed there too.
const page = (path: string) =>
  readFileSync(new URL(`../../../../content/docs/${path}`, import.meta.url), 'utf8');
const rulesPage = page('mcps/architect-mcp.mdx');
const templatesPage = page('mcps/scaffold-mcp.mdx');
const planningPage = page('features/planning.mdx');
const written = (value: number) => value.toLocaleString('en');

describe('the input limits in the docs', () => {
  it('states every rule set limit on the rules page', () => {
    const { yamlCharacters, ...counts } = RULE_SET_LIMITS;
    expect(rulesPage).toContain(`${yamlCharacters / 1024} KB each`);
    for (const [name, value] of Object.entries(counts)) {
      expect(rulesPage, name).toMatch(new RegExp(`\\b${written(value)}\\b`));
    }
  });

  it('states the YAML limits on the rules and templates pages', () => {
    const words = `${written(YAML_LIMITS.entries)} keys and list items, nested at most ${YAML_LIMITS.depth} deep, ${YAML_LIMITS.aliases} aliases`;
    expect(rulesPage).toContain(words);
    expect(templatesPage).toContain(words);
  });

  it('states the outline limits on the planning page', () => {
    expect(planningPage).toContain(
      `at most\n${written(OUTLINE_LIMITS.characters)} characters and ${written(OUTLINE_LIMITS.items)} items, and its list items nest at most ${OUTLINE_LIMITS.depth} deep`,
    );
  });
});
