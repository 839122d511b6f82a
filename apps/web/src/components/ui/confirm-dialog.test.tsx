import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import '../../testing/dialog-polyfill';
import { ConfirmDialog } from './confirm-dialog';

afterEach(cleanup);

describe('ConfirmDialog', () => {
  it('names and describes itself, in red by default, and goes on only once the word is typed', () => {
    const onConfirm = vi.fn();
    render(
      <ConfirmDialog
        open
        onClose={vi.fn()}
        title="Delete organization?"
        description="Everything in it goes."
        confirmLabel="Delete organization"
        typedConfirmation={{ label: 'Type acme to confirm', expected: 'acme' }}
        onConfirm={onConfirm}
      />,
    );
    const dialog = screen.getByRole('dialog', { name: 'Delete organization?' });
    expect(document.getElementById(dialog.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      'Everything in it goes.',
    );
    expect(screen.getByRole('heading', { name: 'Delete organization?' }).className).toContain('text-danger');
    const confirm = screen.getByRole('button', { name: 'Delete organization' });
    expect(confirm.hasAttribute('disabled')).toBe(true);
    // The word is typed as it stands: nothing corrects, capitalizes or fills it in.
    const word = screen.getByLabelText('Type acme to confirm');
    expect([
      word.getAttribute('spellcheck'),
      word.getAttribute('autocapitalize'),
      word.getAttribute('autocomplete'),
    ]).toEqual(['false', 'off', 'off']);
    fireEvent.change(word, { target: { value: ' acme ' } });
    fireEvent.click(confirm);
    expect(onConfirm).toHaveBeenCalledOnce();
  });

  it('clears what was typed when it is cancelled', () => {
    const onClose = vi.fn();
    render(
      <ConfirmDialog
        open
        onClose={onClose}
        title="Delete organization?"
        description="Everything in it goes."
        confirmLabel="Delete organization"
        cancelLabel="Keep it"
        typedConfirmation={{ label: 'Type acme to confirm', expected: 'acme' }}
        onConfirm={vi.fn()}
      />,
    );
    fireEvent.change(screen.getByLabelText('Type acme to confirm'), { target: { value: 'acm' } });
    fireEvent.click(screen.getByRole('button', { name: 'Keep it' }));
    expect(onClose).toHaveBeenCalledOnce();
    expect(screen.getByLabelText<HTMLInputElement>('Type acme to confirm').value).toBe('');
  });
});
