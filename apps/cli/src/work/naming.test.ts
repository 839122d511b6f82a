import { describe, expect, it } from 'vitest';
import { branchNameFor, defaultWorktreesFolder, taskKeyOfBranch, titleSlug, worktreePathFor } from './naming';

describe('titleSlug', () => {
  it('keeps lower-case words joined by single hyphens', () => {
    expect(titleSlug('Add the  Login page!')).toBe('add-the-login-page');
    expect(titleSlug('Fix: /api/v1 returns 500 (again)')).toBe('fix-api-v1-returns-500-again');
  });

  it('drops accents and characters a branch name cannot hold', () => {
    expect(titleSlug('Añadir «log-in» über ~alles^ :?*[')).toBe('anadir-log-in-uber-alles');
  });

  it('cuts a long title at a word boundary', () => {
    const slug = titleSlug(
      'Make every screen of the settings area keyboard friendly and announce its changes',
    );
    expect(slug).toBe('make-every-screen-of-the-settings-area-keyboard');
    expect(slug.length).toBeLessThanOrEqual(48);
  });

  it('cuts one overlong word rather than losing the title', () => {
    expect(titleSlug('x'.repeat(80))).toBe('x'.repeat(48));
  });

  it('is empty when no letter or digit is left', () => {
    expect(titleSlug('!!! ✨ ???')).toBe('');
  });
});

describe('branchNameFor', () => {
  it('is the lower-case key and the title slug', () => {
    expect(branchNameFor({ key: 'SWB-12', title: 'Add the login page' })).toBe('swb-12-add-the-login-page');
  });

  it('is the key alone when the title has no word', () => {
    expect(branchNameFor({ key: 'GTE-4', title: '🚀' })).toBe('gte-4');
  });
});

describe('taskKeyOfBranch', () => {
  it('reads the key a work branch starts with, in upper case', () => {
    expect(taskKeyOfBranch('swb-12-add-the-login-page')).toBe('SWB-12');
    expect(taskKeyOfBranch('gte-4')).toBe('GTE-4');
  });

  it('answers nothing for other branches', () => {
    expect(taskKeyOfBranch('main')).toBeUndefined();
    expect(taskKeyOfBranch('feature/swb-12')).toBeUndefined();
    expect(taskKeyOfBranch('swb-12x-thing')).toBeUndefined();
  });
});

describe('worktree folders', () => {
  it('default to a sibling folder named after the repository', () => {
    expect(defaultWorktreesFolder('/home/ada/code/shop')).toBe('/home/ada/code/shop-worktrees');
    expect(worktreePathFor('/home/ada/code/shop', undefined, 'swb-1-a')).toBe(
      '/home/ada/code/shop-worktrees/swb-1-a',
    );
  });

  it('take a chosen folder, relative ones from the main working tree', () => {
    expect(worktreePathFor('/home/ada/code/shop', '../trees', 'swb-1-a')).toBe(
      '/home/ada/code/trees/swb-1-a',
    );
    expect(worktreePathFor('/home/ada/code/shop', '/tmp/wt', 'swb-1-a')).toBe('/tmp/wt/swb-1-a');
  });
});
