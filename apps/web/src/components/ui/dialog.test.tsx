import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import '../../testing/dialog-polyfill';
import { useState } from 'react';
import { Dialog, DialogFooter } from './dialog';

afterEach(cleanup);

describe('DialogFooter', () => {
  it('submits its form by default and shows the pending words while it runs', () => {
    const onSubmit = vi.fn((event: { preventDefault: () => void }) => event.preventDefault());
    const { rerender } = render(
      <form onSubmit={onSubmit}>
        <DialogFooter onCancel={vi.fn()} actionLabel="Create project" pendingLabel="Saving…" />
      </form>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Create project' }));
    expect(onSubmit).toHaveBeenCalledOnce();

    rerender(
      <form onSubmit={onSubmit}>
        <DialogFooter onCancel={vi.fn()} actionLabel="Create project" pendingLabel="Saving…" pending />
      </form>,
    );
    const button = screen.getByRole('button', { name: 'Saving…' });
    expect(button.hasAttribute('disabled')).toBe(true);
  });

  it('runs its own action instead when given one, and announces a failure', () => {
    const onAction = vi.fn();
    const onCancel = vi.fn();
    render(
      <DialogFooter
        onCancel={onCancel}
        cancelLabel="Keep it"
        actionLabel="Delete"
        onAction={onAction}
        tone="danger"
        error="It is still in use."
      />,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Delete' }));
    fireEvent.click(screen.getByRole('button', { name: 'Keep it' }));
    expect(onAction).toHaveBeenCalledOnce();
    expect(onCancel).toHaveBeenCalledOnce();
    expect(screen.getByRole('alert').textContent).toBe('It is still in use.');
  });
});

/** A list whose rows open a dialog that can remove them. */
function RemovableRows() {
  const [rows, setRows] = useState(['a', 'b']);
  const [open, setOpen] = useState<string | null>(null);
  return (
    <main id="main" tabIndex={-1}>
      <ul data-list tabIndex={-1}>
        {rows.map((row) => (
          <li key={row}>
            <button type="button" onClick={() => setOpen(row)}>{`Remove ${row}`}</button>
          </li>
        ))}
      </ul>
      {open ? (
        <Dialog
          open
          onClose={() => setOpen(null)}
          title={`Remove ${open}?`}
          returnFocus={() => document.querySelector<HTMLElement>('[data-list]')}
        >
          <button type="button" onClick={() => setOpen(null)}>
            Keep
          </button>
          <button
            type="button"
            onClick={() => {
              setRows((current) => current.filter((row) => row !== open));
              setOpen(null);
            }}
          >
            Confirm
          </button>
        </Dialog>
      ) : null}
    </main>
  );
}

describe('Dialog focus', () => {
  const settle = () => act(() => new Promise((resolve) => setTimeout(resolve, 10)));

  it('puts focus in its first field on opening, past a disabled one, never on the body', async () => {
    render(
      <Dialog open onClose={vi.fn()} title="Edit project">
        <input aria-label="Key" disabled />
        <input aria-label="Name" />
      </Dialog>,
    );
    expect(document.activeElement).toBe(screen.getByLabelText('Name'));
  });

  it('puts focus on its title when it has no field', () => {
    render(
      <Dialog open onClose={vi.fn()} title="Revoke key?">
        <button type="button">Revoke</button>
      </Dialog>,
    );
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Revoke key?' }));
  });

  it('gives focus back to the opener, or to the given place when the opener went away', async () => {
    render(<RemovableRows />);
    const opener = screen.getByRole('button', { name: 'Remove a' });
    opener.focus();
    fireEvent.click(opener);
    fireEvent.click(screen.getByRole('button', { name: 'Keep' }));
    await settle();
    expect(document.activeElement).toBe(opener);

    opener.focus();
    fireEvent.click(opener);
    fireEvent.click(screen.getByRole('button', { name: 'Confirm' }));
    await settle();
    expect(document.activeElement).toBe(document.querySelector('[data-list]'));
  });
});
