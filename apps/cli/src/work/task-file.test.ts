import { describe, expect, it } from 'vitest';
import { filesNamedBy, renderTaskFile, type TaskBrief } from './task-file';

const brief: TaskBrief = {
  key: 'SWB-12',
  title: 'Add the login page',
  status: 'To Do',
  priority: 'high',
  description: 'People sign in with email and password.\n',
  acceptanceCriteria: [
    { text: 'A wrong password says so', checked: false },
    { text: 'The page has a title', checked: true },
  ],
  blockedBy: ['SWB-3', 'SWB-7'],
  branch: 'swb-12-add-the-login-page',
  base: 'origin/main',
  architecture: {
    ruleSet: 'web-rules',
    files: [
      {
        path: 'src/routes/login.tsx',
        patterns: [{ name: 'route', designPattern: 'A screen loads its data in the loader' }],
        recommendations: ['Never fetch in an effect'],
      },
      { path: 'README.md', patterns: [], recommendations: [] },
    ],
    patterns: [],
  },
};

describe('renderTaskFile', () => {
  it('gives the task, its branch, criteria, blockers and the rules of the files it names', () => {
    const text = renderTaskFile(brief);
    expect(text.startsWith('# SWB-12: Add the login page\n')).toBe(true);
    expect(text).toContain('- Branch: swb-12-add-the-login-page (from origin/main)');
    expect(text).toContain('- Priority: high');
    expect(text).toContain('## Description\n\nPeople sign in with email and password.\n');
    expect(text).toContain('- [ ] A wrong password says so\n- [x] The page has a title');
    expect(text).toContain('## Blocked by\n\n- SWB-3\n- SWB-7');
    expect(text).toContain('Rule set: web-rules.');
    expect(text).toContain(
      '### src/routes/login.tsx\n- Pattern **route**: A screen loads its data in the loader\n- Never fetch in an effect',
    );
    expect(text).toContain('### README.md\nNo design pattern covers this file.');
    expect(text).toContain('open a pull request naming SWB-12');
  });

  it('says plainly what is missing', () => {
    const text = renderTaskFile({
      ...brief,
      description: '  ',
      acceptanceCriteria: [],
      blockedBy: [],
      architecture: { ruleSet: null, reason: 'project SWB has no rule set', files: [], patterns: [] },
    });
    expect(text).toContain('## Description\n\nNo description.');
    expect(text).toContain('## Acceptance criteria\n\nNone written.');
    expect(text).toContain('## Blocked by\n\nNothing.');
    expect(text).toContain('No architecture rules apply: project SWB has no rule set.');
  });

  it("lists the rule set's patterns when the task names no file", () => {
    const text = renderTaskFile({
      ...brief,
      architecture: {
        ruleSet: 'web-rules',
        files: [],
        patterns: [{ name: 'route', designPattern: 'Loader first', includes: ['src/routes/**'] }],
      },
    });
    expect(text).toContain('- **route** (src/routes/**): Loader first');
  });
});

describe('filesNamedBy', () => {
  it('reads paths in backticks and filesChanged, once each, and ignores other code words', () => {
    expect(
      filesNamedBy({
        description:
          'Change `src/routes/login.tsx` and `./src/auth.ts`; run `pnpm test`; see `https://x.y/z`.',
        acceptanceCriteria: [{ text: 'Update `README.md` and `src/routes/login.tsx`' }],
        devInfo: { filesChanged: ['src/db/users.ts', 42, ''] },
      }),
    ).toEqual(['src/routes/login.tsx', 'src/auth.ts', 'README.md', 'src/db/users.ts']);
  });

  it('refuses paths that climb out of the repository', () => {
    expect(filesNamedBy({ description: 'not `../secrets/key.pem`', acceptanceCriteria: [] })).toEqual([]);
  });
});
