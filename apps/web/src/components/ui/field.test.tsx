import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CheckboxField, Field, TextArea } from './field';
import { SelectField } from './select';

afterEach(cleanup);

describe('field wrapper', () => {
  it('labels every kind of control and ties its hint and error to it', () => {
    render(
      <>
        <Field label="Name" hint="Shown to members." error="Required." />
        <TextArea label="Description" hideLabel />
        <SelectField label="Role" options={[{ value: 'member', label: 'Member' }]} error="Pick one." />
      </>,
    );
    const name = screen.getByLabelText('Name');
    expect(name.getAttribute('aria-invalid')).toBe('true');
    const described = (name.getAttribute('aria-describedby') ?? '')
      .split(' ')
      .map((id) => document.getElementById(id)?.textContent);
    expect(described).toEqual(['Shown to members.', 'Required.']);
    expect(screen.getByLabelText('Description').tagName).toBe('TEXTAREA');
    expect(screen.getByText('Description').className).toBe('sr-only');
    expect(screen.getByLabelText('Role').getAttribute('aria-invalid')).toBe('true');
  });

  it('labels a checkbox beside it, ties its hint and error to it, and reports each change', () => {
    const onChange = vi.fn();
    render(
      <CheckboxField
        label="dryRun"
        hint="Only list the files."
        error="Must be true."
        onChange={(event) => onChange(event.currentTarget.checked)}
      />,
    );
    const box = screen.getByRole('checkbox', { name: 'dryRun' });
    expect(box.getAttribute('aria-invalid')).toBe('true');
    const described = (box.getAttribute('aria-describedby') ?? '')
      .split(' ')
      .map((id) => document.getElementById(id)?.textContent);
    expect(described).toEqual(['Only list the files.', 'Must be true.']);
    fireEvent.click(box);
    expect(onChange).toHaveBeenCalledExactlyOnceWith(true);
  });

  it('leaves a checkbox without hint or error undescribed and valid', () => {
    render(<CheckboxField label="force" />);
    const box = screen.getByRole('checkbox', { name: 'force' });
    expect(box.hasAttribute('aria-invalid')).toBe(false);
    expect(box.hasAttribute('aria-describedby')).toBe(false);
  });
});
