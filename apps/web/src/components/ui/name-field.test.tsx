import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { NameField } from './name-field';

afterEach(cleanup);

describe('NameField', () => {
  it('is a text box named Name, without autofill, holding at most the given length', () => {
    render(<NameField value="Bug" maxLength={50} onChange={() => {}} />);
    const input = screen.getByRole('textbox', { name: 'Name' });
    expect(input).toHaveProperty('value', 'Bug');
    expect(input.getAttribute('maxlength')).toBe('50');
    expect(input.getAttribute('autocomplete')).toBe('off');
    expect(input.getAttribute('aria-invalid')).toBeNull();
  });

  it('reports each edit as the new text', () => {
    const onChange = vi.fn();
    render(<NameField value="" maxLength={30} onChange={onChange} />);
    fireEvent.change(screen.getByRole('textbox', { name: 'Name' }), { target: { value: 'In review' } });
    expect(onChange).toHaveBeenCalledExactlyOnceWith('In review');
  });

  it('marks itself invalid and describes itself with its error', () => {
    render(<NameField value="" maxLength={80} error="Give the view a name." onChange={() => {}} />);
    const input = screen.getByRole('textbox', { name: 'Name' });
    expect(input.getAttribute('aria-invalid')).toBe('true');
    const describedBy = input.getAttribute('aria-describedby') ?? '';
    expect(document.getElementById(describedBy)?.textContent).toBe('Give the view a name.');
  });
});
