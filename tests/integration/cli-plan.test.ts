// `switchboard plan list | show | accept` as real processes against a real server.
import { describe, expect, it } from 'vitest';
import { asBrowser, createProject, type Json, loggedInCliForFile, runCli, runJson } from './cli-support';

let planId: string;

const OUTLINE = [
  '# Checkout',
  'Take the money.',
  '## Payments',
  '- CART: Cart totals (priority: high, estimate: 12h)',
  '  - [ ] Totals match the invoice',
  '- Card payment (after: CART)',
  '- Receipt',
].join('\n');

const cli = loggedInCliForFile(async ({ server, ada }) => {
  const project = await createProject(server, ada, { name: 'Plans', key: 'PLN' });
  const plan = await asBrowser(server, ada, 'POST', `/api/v1/projects/${project.id}/plans`, {
    outline: OUTLINE,
  });
  expect(plan.status, JSON.stringify(plan.body)).toBe(201);
  planId = plan.body.id;
});

describe('plans on the command line', () => {
  it('lists the plans and shows one as an outline with its warnings', async () => {
    const table = await runCli(cli.bundle, cli.user, ['plan', 'list', '--project', 'PLN']);
    expect(table.code, table.stderr).toBe(0);
    expect(table.stdout.split('\n')[0]).toMatch(/^ID\s+STATUS\s+ACCEPTED\s+AUTHOR\s+TITLE$/);
    expect(table.stdout).toMatch(new RegExp(`${planId}\\s+proposed\\s+0/4\\s+Ada\\s+Checkout`));
    const none = await runCli(cli.bundle, cli.user, [
      'plan',
      'list',
      '--project',
      'PLN',
      '--status',
      'rejected',
    ]);
    expect(none.stdout).toBe('No plans in PLN match.\n');

    const shown = await runCli(cli.bundle, cli.user, ['plan', 'show', planId]);
    expect(shown.code, shown.stderr).toBe(0);
    expect(shown.stdout).toContain('Checkout  [proposed]');
    expect(shown.stdout).toContain('# W1: Payments');
    expect(shown.stdout).toContain('  - CART: Cart totals  (priority high; 12h)');
    expect(shown.stdout).toContain('  - T2: Card payment  (after CART)');
    expect(shown.stdout).toContain('Warnings:');
    expect(shown.stdout).toContain('CART is estimated at 12 hours');
  });

  it('refuses items that need others left out, then accepts part and the rest', async () => {
    const refused = await runCli(cli.bundle, cli.user, ['plan', 'accept', planId, '--items', 'T2']);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toContain('T2 needs its work unit W1 and CART, which it depends on');

    const part = await runCli(cli.bundle, cli.user, ['plan', 'accept', planId, '--items', 'W1,CART']);
    expect(part.code, part.stderr).toBe(0);
    expect(part.stdout).toContain('Accepted 2 items of "Checkout" (partially accepted):');
    expect(part.stdout).toContain('W1 → PLN-WU-1  work unit');
    expect(part.stdout).toContain('CART → PLN-1  task');

    const rest = await runJson<Json>(cli.bundle, cli.user, ['plan', 'accept', planId]);
    expect(rest.created.map((entry: Json) => entry.key)).toEqual(['T2', 'T3']);
    expect(rest.skipped).toEqual(['W1', 'CART']);
    expect(rest.plan.status).toBe('accepted');

    const again = await runCli(cli.bundle, cli.user, ['plan', 'accept', planId]);
    expect(again.stdout).toBe(
      'Nothing new to accept in "Checkout".\nAccepted before, skipped: W1, CART, T2, T3\n',
    );

    const task = await runJson<Json>(cli.bundle, cli.user, ['task', 'show', 'PLN-2']);
    expect(task.title).toBe('Card payment');
    expect(task.blockedByKeys).toEqual(['PLN-1']);
  });

  it('answers an unknown plan with exit 4', async () => {
    const missing = await runCli(cli.bundle, cli.user, ['plan', 'show', 'no-such-plan']);
    expect(missing.code).toBe(4);
    expect(missing.stderr).toContain('Plan not found');
  });
});
