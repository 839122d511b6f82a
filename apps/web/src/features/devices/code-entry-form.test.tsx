import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CodeEntryForm } from './code-entry-form';

afterEach(cleanup);

function typeAndSubmit(text: string) {
  const onSubmit = vi.fn();
  render(<CodeEntryForm onSubmit={onSubmit} />);
  fireEvent.change(screen.getByLabelText('Sign-in code'), { target: { value: text } });
  fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
  return onSubmit;
}

describe('CodeEntryForm', () => {
  it.each(['abcd-efgh', 'ABCDEFGH', 'abcd efgh'])('takes %s as ABCD-EFGH', (typed) => {
    expect(typeAndSubmit(typed)).toHaveBeenCalledWith('ABCD-EFGH');
  });

  it('asks again, without submitting, for something that is not a code', () => {
    const onSubmit = typeAndSubmit('abc-def');
    expect(onSubmit).not.toHaveBeenCalled();
    const field = screen.getByLabelText('Sign-in code');
    expect(field.getAttribute('aria-invalid')).toBe('true');
    screen.getByText(/Codes have 8 letters/);

    fireEvent.change(field, { target: { value: 'abcd-efgh' } });
    expect(screen.queryByText(/Codes have 8 letters/)).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(onSubmit).toHaveBeenCalledWith('ABCD-EFGH');
  });

  it('submits with Enter from the field', () => {
    const onSubmit = vi.fn();
    render(<CodeEntryForm onSubmit={onSubmit} />);
    const field = screen.getByLabelText('Sign-in code');
    fireEvent.change(field, { target: { value: 'bcdf ghjk' } });
    fireEvent.submit(field);
    expect(onSubmit).toHaveBeenCalledWith('BCDF-GHJK');
  });
});
