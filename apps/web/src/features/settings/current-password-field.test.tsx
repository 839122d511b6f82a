import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CurrentPasswordField } from './current-password-field';

afterEach(cleanup);

describe('CurrentPasswordField', () => {
  it('is a password box named Current password that the password manager fills', () => {
    render(<CurrentPasswordField name="password" value="" onChange={() => {}} />);
    const input = screen.getByLabelText('Current password');
    expect(input.getAttribute('type')).toBe('password');
    expect(input.getAttribute('autocomplete')).toBe('current-password');
    expect(input.getAttribute('name')).toBe('password');
  });

  it('passes each edit on and shows its error', () => {
    const onChange = vi.fn();
    render(
      <CurrentPasswordField
        value=""
        error="Enter your password."
        onChange={(event) => onChange(event.currentTarget.value)}
      />,
    );
    const input = screen.getByLabelText('Current password');
    fireEvent.change(input, { target: { value: 'hunter2' } });
    expect(onChange).toHaveBeenCalledExactlyOnceWith('hunter2');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(input.getAttribute('aria-describedby') ?? '')?.textContent).toBe(
      'Enter your password.',
    );
  });
});
