import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { Field, TextArea } from './field';
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
});
