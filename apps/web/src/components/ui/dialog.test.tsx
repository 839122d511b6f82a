import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DialogFooter } from './dialog';

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
