import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DialogForm } from './dialog-form';

afterEach(cleanup);

function renderForm({ pending = false, error }: { pending?: boolean; error?: string } = {}) {
  const onSubmit = vi.fn((event: { preventDefault: () => void }) => event.preventDefault());
  const onCancel = vi.fn();
  render(
    <DialogForm
      onSubmit={onSubmit}
      onCancel={onCancel}
      save={{ isPending: pending }}
      actionLabel="Create label"
      error={error}
    >
      <input aria-label="Name" required />
    </DialogForm>,
  );
  return { onSubmit, onCancel };
}

describe('DialogForm', () => {
  it('submits its fields with the primary action, leaving checks to the form, and cancels with Cancel', () => {
    const { onSubmit, onCancel } = renderForm();
    const form = screen.getByRole('button', { name: 'Create label' }).closest('form');
    expect(form?.noValidate).toBe(true);
    expect(form?.contains(screen.getByRole('textbox', { name: 'Name' }))).toBe(true);
    fireEvent.click(screen.getByRole('button', { name: 'Create label' }));
    expect(onSubmit).toHaveBeenCalledTimes(1);
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onCancel).toHaveBeenCalledTimes(1);
    expect(onSubmit).toHaveBeenCalledTimes(1);
  });

  it('reads "Saving…" and stays off while the save runs, and announces a form-level failure', () => {
    renderForm({ pending: true, error: 'The label could not be saved.' });
    const action = screen.getByRole('button', { name: 'Saving…' });
    expect(action).toHaveProperty('disabled', true);
    expect(screen.getByRole('alert').textContent).toBe('The label could not be saved.');
  });
});
