import { linkOptions } from '@tanstack/react-router';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderInDashboard } from '../../testing/render-in-dashboard';
import { FilterTabs } from './filter-tabs';

afterEach(cleanup);

type Shade = 'all' | 'light' | 'dark';
const SHADES: readonly { value: Shade; label: string }[] = [
  { value: 'all', label: 'All' },
  { value: 'light', label: 'Light' },
  { value: 'dark', label: 'Dark' },
];

function renderShades(current: Shade) {
  return renderInDashboard(
    <FilterTabs
      label="Filter shades"
      options={SHADES}
      current={current}
      counts={{ all: 7, dark: 2 }}
      linkTo={(value) =>
        // The test router has only /dashboard; any search it is given is kept as written.
        linkOptions({ to: '/dashboard', search: (value === 'all' ? {} : { shade: value }) as never })
      }
    />,
  );
}

describe('FilterTabs', () => {
  it('links every filter by its search, marks only the current one and shows the counts it is given', async () => {
    // The page is at /dashboard, unfiltered: "All" is the current filter.
    renderShades('all');
    const row = await screen.findByRole('navigation', { name: 'Filter shades' });
    const links = within(row).getAllByRole('link');
    expect(links.map((link) => link.textContent)).toEqual(['All7', 'Light', 'Dark2']);
    expect(links.map((link) => link.getAttribute('href'))).toEqual([
      '/dashboard',
      '/dashboard?shade=light',
      '/dashboard?shade=dark',
    ]);
    // The router itself says "page" for the link to where it is; the current filter is marked either way.
    expect(links.map((link) => link.hasAttribute('aria-current'))).toEqual([true, false, false]);
  });

  it('replaces the history entry when a filter is chosen, so Back leaves the page', async () => {
    const { router } = renderShades('all');
    const row = await screen.findByRole('navigation', { name: 'Filter shades' });
    const entriesBefore = router.history.length;
    fireEvent.click(within(row).getByRole('link', { name: /^Dark/ }));
    await waitFor(() => expect(router.state.location.search).toEqual({ shade: 'dark' }));
    expect(router.history.length).toBe(entriesBefore);
  });
});
