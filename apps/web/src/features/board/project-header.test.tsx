import type { Project } from '@switchboard/api-client/contract';
import { cleanup, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi, renderInDashboard, testQueryClient } from '../../testing/render-in-dashboard';
import { taskKeys } from '../tasks/tasks';
import { ProjectHeader } from './project-header';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const project: Project = {
  id: 'p1',
  organizationId: 'o1',
  key: 'SWB',
  name: 'Switchboard',
  description: 'Ship **the board** first. See [the plan](https://example.com/plan).',
  version: 1,
  createdAt: '2026-01-01T00:00:00.000Z',
  updatedAt: '2026-01-01T00:00:00.000Z',
};

describe('ProjectHeader', () => {
  it('renders the description as markdown, not its raw syntax', async () => {
    fakeApi({ status: 200, body: { items: [] } });
    const queryClient = testQueryClient();
    queryClient.setQueryData(taskKeys.board('p1'), []);
    renderInDashboard(<ProjectHeader project={project} search={{}} />, { queryClient });
    const strong = await screen.findByText('the board');
    expect(strong.tagName).toBe('STRONG');
    expect(screen.getByRole('link', { name: 'the plan' }).getAttribute('href')).toBe(
      'https://example.com/plan',
    );
    expect(document.body.textContent).not.toContain('**');
  });

  it('shows a name with bidi controls as written, isolated from the breadcrumb and actions', async () => {
    fakeApi({ status: 200, body: { items: [] } });
    const queryClient = testQueryClient();
    queryClient.setQueryData(taskKeys.board('p1'), []);
    renderInDashboard(<ProjectHeader project={{ ...project, name: '\u202Eevil\u202C' }} search={{}} />, {
      queryClient,
    });
    const heading = await screen.findByRole('heading', { level: 1 });
    expect(heading.textContent).toBe('evil');
    expect(heading.querySelector('bdi')?.textContent).toBe('evil');
  });
});
