import { OUTLINE_LIMITS } from '@switchboard/api-client/contract';
import { describe, expect, it } from 'vitest';
import { type OutlineResult, parsePlanOutline } from './outline';

function itemsOf(result: OutlineResult) {
  if (!result.ok) throw new Error(`expected an outline, got ${JSON.stringify(result.problems)}`);
  return result.items;
}

function problemsOf(result: OutlineResult) {
  if (result.ok) throw new Error('expected problems');
  return result.problems;
}

const REALISTIC = `# Checkout revamp

Customers abandon carts because paying takes five screens. This plan gets it to one.

## Cart
The cart page and its totals.

- CART-TOTALS: Cart totals (priority: high, estimate: 4h)
  Sum lines, taxes and discounts on the server, never in the browser.
  - [ ] Totals match the invoice to the cent
  - [x] Discounts apply before tax
- Persist the cart for signed-out visitors (estimate: 1d, assignee: backend-dev)
  - [ ] A visitor's cart survives a restart

### Cart analytics
- Track abandoned carts (after: CART-TOTALS, priority: low)

## Payment
- PAY: Card payment (after: Cart totals, assignee: ada@example.com)
  Stripe Elements in one step.
  Uses 3-D Secure when the bank asks.
  - [ ] A declined card says why
- Receipt e-mail (after: PAY)
`;

describe('parsePlanOutline', () => {
  it('reads a realistic outline into nested work units, tasks, criteria and dependencies', () => {
    const result = parsePlanOutline(REALISTIC);
    expect(result.ok && result.title).toBe('Checkout revamp');
    expect(result.ok && result.summary).toBe(
      'Customers abandon carts because paying takes five screens. This plan gets it to one.',
    );
    const items = itemsOf(result);
    expect(items.map(({ key, kind, parent, title }) => ({ key, kind, parent, title }))).toEqual([
      { key: 'W1', kind: 'work_unit', parent: null, title: 'Cart' },
      { key: 'CART-TOTALS', kind: 'task', parent: 'W1', title: 'Cart totals' },
      { key: 'T2', kind: 'task', parent: 'W1', title: 'Persist the cart for signed-out visitors' },
      { key: 'W2', kind: 'work_unit', parent: 'W1', title: 'Cart analytics' },
      { key: 'T3', kind: 'task', parent: 'W2', title: 'Track abandoned carts' },
      { key: 'W3', kind: 'work_unit', parent: null, title: 'Payment' },
      { key: 'PAY', kind: 'task', parent: 'W3', title: 'Card payment' },
      { key: 'T5', kind: 'task', parent: 'W3', title: 'Receipt e-mail' },
    ]);
    const byKey = new Map(items.map((item) => [item.key, item]));
    expect(byKey.get('W1')?.description).toBe('The cart page and its totals.');
    expect(byKey.get('CART-TOTALS')).toMatchObject({
      priority: 'high',
      estimateHours: 4,
      description: 'Sum lines, taxes and discounts on the server, never in the browser.',
      acceptanceCriteria: ['Totals match the invoice to the cent', 'Discounts apply before tax'],
      line: 8,
    });
    expect(byKey.get('T2')).toMatchObject({ estimateHours: 8, assignee: 'backend-dev' });
    expect(byKey.get('T3')).toMatchObject({ priority: 'low', dependsOn: ['CART-TOTALS'] });
    expect(byKey.get('PAY')).toMatchObject({
      dependsOn: ['CART-TOTALS'],
      assignee: 'ada@example.com',
      description: 'Stripe Elements in one step.\nUses 3-D Secure when the bank asks.',
      acceptanceCriteria: ['A declined card says why'],
    });
    expect(byKey.get('T5')?.dependsOn).toEqual(['PAY']);
  });

  it('takes a lone # heading as a work unit, and tasks before any heading as top-level tasks', () => {
    const items = itemsOf(parsePlanOutline('- Set up CI\n\n# Search\n- Index tasks (after: T1)\n'));
    expect(items.map(({ key, parent, dependsOn }) => ({ key, parent, dependsOn }))).toEqual([
      { key: 'T1', parent: null, dependsOn: [] },
      { key: 'W1', parent: null, dependsOn: [] },
      { key: 'T2', parent: 'W1', dependsOn: ['T1'] },
    ]);
  });

  it('keeps unknown (name: value) text in the title and reads list items inside code fences as text', () => {
    const items = itemsOf(
      parsePlanOutline('# API\n- Rate limit (see: RFC 6585)\n  ```\n  - not a task\n  ```\n'),
    );
    expect(items[1]).toMatchObject({
      title: 'Rate limit (see: RFC 6585)',
      description: '```\n- not a task\n```',
    });
  });

  it('reports every problem with its line', () => {
    const problems = problemsOf(
      parsePlanOutline(
        [
          '- [ ] orphan criterion',
          '# Plan',
          '## Unit',
          '#### Too deep',
          '- A: First (after: nowhere, priority: urgent)',
          '- A: Duplicate key (estimate: soon)',
          '- (after: A)',
        ].join('\n'),
      ),
    );
    expect(problems).toEqual([
      { line: 1, message: 'an acceptance criterion "- [ ]" must sit under a task' },
      { line: 4, message: 'heading level jumps to #### without a ### above it' },
      { line: 5, message: 'priority "urgent" is not low, medium or high' },
      { line: 5, message: '"nowhere" in (after: …) is not the key or title of any item' },
      { line: 6, message: 'estimate "soon" is not a number of hours (4h) or days (1d)' },
      { line: 6, message: 'A is used by another item' },
      { line: 7, message: 'an item needs a title' },
    ]);
  });

  it('refuses dependency circles and titles that name several items', () => {
    expect(problemsOf(parsePlanOutline('- A: One (after: B)\n- B: Two (after: A)\n'))).toEqual([
      { line: 1, message: 'dependencies go round in a circle: A → B → A' },
    ]);
    expect(problemsOf(parsePlanOutline('- Same\n- Same\n- Other (after: Same)\n'))[0]?.message).toBe(
      '"Same" names 2 items; give them keys (KEY: title) and use the key',
    );
  });

  it('answers the checks every plan passes at the line of the item they are about', () => {
    const longTitle = 'x'.repeat(301);
    expect(
      problemsOf(
        parsePlanOutline(['# Unit', '- A: Fine', `- ${longTitle}`, '- B: Waits (after: B)'].join('\n')),
      ),
    ).toEqual([
      { line: 3, message: 'T2: a task title has at most 300 characters' },
      { line: 4, message: 'B cannot wait for itself' },
    ]);
    // A circle is named at the line of the item it starts from, beside the outline's other problems.
    expect(
      problemsOf(
        parsePlanOutline(
          ['- One (priority: urgent)', '- A: Two (after: B)', '- B: Three (after: A)'].join('\n'),
        ),
      ),
    ).toEqual([
      { line: 1, message: 'priority "urgent" is not low, medium or high' },
      { line: 2, message: 'dependencies go round in a circle: A → B → A' },
    ]);
  });

  it('refuses an outline with nothing to plan', () => {
    expect(problemsOf(parsePlanOutline('Just some prose.\n'))).toEqual([
      { line: 1, message: 'the outline has no headings or list items to turn into work' },
    ]);
  });

  it('refuses list items nested deeper than the limit, at the first line past it', () => {
    const nested = Array.from({ length: 900 }, (_, level) => `${' '.repeat(level)}- item ${level}`);
    expect(problemsOf(parsePlanOutline(['# Unit', ...nested].join('\n')))).toEqual([
      {
        line: OUTLINE_LIMITS.depth + 2,
        message: `list items nest more than ${OUTLINE_LIMITS.depth} deep here; the limit is ${OUTLINE_LIMITS.depth} levels`,
      },
    ]);
    // Nesting as deep as the limit is read: the deeper items describe the task above them.
    const within = nested.slice(0, OUTLINE_LIMITS.depth).join('\n');
    expect(itemsOf(parsePlanOutline(within)).map((item) => item.title)).toEqual(['item 0']);
  });

  it('stops reading at the item limit, naming it', () => {
    const many = Array.from({ length: OUTLINE_LIMITS.items + 50 }, (_, index) => `- Task ${index}`).join(
      '\n',
    );
    expect(problemsOf(parsePlanOutline(many))).toContainEqual({
      line: OUTLINE_LIMITS.items + 2,
      message: `the outline has more than ${OUTLINE_LIMITS.items} items; the limit is ${OUTLINE_LIMITS.items} per plan`,
    });
  });

  it('reads many headings over many lines in one pass', () => {
    // Each heading used to scan every line again: 500 headings over 200,000 lines took seconds.
    const outline = `${Array.from({ length: 500 }, (_, index) => `## Unit ${index}`).join('\n')}${'\n'.repeat(200_000)}`;
    const started = performance.now();
    expect(itemsOf(parsePlanOutline(outline))).toHaveLength(500);
    expect(performance.now() - started).toBeLessThan(3_000);
  });
});
