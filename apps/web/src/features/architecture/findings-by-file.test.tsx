import { cleanup, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { FindingsBadge } from './findings-badge';
import { type FileFinding, FindingsByFile, groupFindingsByFile } from './findings-by-file';

afterEach(cleanup);

const finding = (overrides: Partial<FileFinding> & Pick<FileFinding, 'id' | 'filePath'>): FileFinding => ({
  severity: 'LOW',
  rule: 'A rule',
  violation: 'Something is off',
  ...overrides,
});

describe('groupFindingsByFile', () => {
  it('groups by path in path order, gravest first then by line, with each file’s worst severity', () => {
    const groups = groupFindingsByFile([
      finding({ id: '1', filePath: 'src/b.ts', severity: 'LOW', line: 1 }),
      finding({ id: '2', filePath: 'src/a.ts', severity: 'MEDIUM', line: 9 }),
      finding({ id: '3', filePath: 'src/b.ts', severity: 'HIGH', line: 30 }),
      finding({ id: '4', filePath: 'src/b.ts', severity: 'HIGH', line: 4 }),
    ]);
    expect(
      groups.map((group) => [group.filePath, group.worst, group.findings.map((item) => item.id)]),
    ).toEqual([
      ['src/a.ts', 'MEDIUM', ['2']],
      ['src/b.ts', 'HIGH', ['4', '3', '1']],
    ]);
  });
});

describe('FindingsByFile', () => {
  it('lists each file’s findings with severity, line, rule, check and fix, and the given action', () => {
    render(
      <FindingsByFile
        findings={[
          finding({
            id: '1',
            filePath: 'src/routes/users.ts',
            severity: 'HIGH',
            line: 3,
            violation: 'imports ../db/client',
            rule: 'Never import the database in a route',
            pattern: 'routes',
            suggestion: 'Call the domain instead',
            check: 'forbidImport ../**/db/*',
          }),
        ]}
        actionFor={(item) => <button type="button">Dismiss {item.id}</button>}
      />,
    );
    const file = screen.getByRole('listitem', { name: 'src/routes/users.ts' });
    expect(file.textContent).toContain('HIGH');
    expect(file.textContent).toContain('line 3imports ../db/client');
    expect(file.textContent).toContain('Rule: Never import the database in a route (routes)');
    expect(file.textContent).toContain('Found by forbidImport ../**/db/*');
    expect(file.textContent).toContain('Fix: Call the domain instead');
    within(file).getByRole('button', { name: 'Dismiss 1' });
  });
});

describe('FindingsBadge', () => {
  it('shows nothing without open HIGH or MEDIUM findings (LOW are only recorded)', () => {
    const { container } = render(<FindingsBadge counts={{ high: 0, medium: 0 }} />);
    expect(container.innerHTML).toBe('');
    render(<FindingsBadge counts={undefined} />);
    expect(screen.queryByRole('img')).toBeNull();
  });

  it('counts HIGH and MEDIUM, worded for screen readers', () => {
    render(<FindingsBadge counts={{ high: 2, medium: 1 }} />);
    const badge = screen.getByRole('img');
    expect(badge.getAttribute('aria-label')).toBe(
      'Open review findings: 2 HIGH findings (blocks the task), 1 MEDIUM finding (needs review)',
    );
    expect(badge.textContent).toBe('2H1M');
  });
});
