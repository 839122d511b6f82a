import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  type AssigneeValue,
  assigneeFields,
  assigneeFromSearch,
  assigneeOfTask,
  assigneeOptions,
  assigneeToSearch,
} from './assignee-options';
import { AssigneeCombobox } from './assignee-picker';

afterEach(cleanup);

const people = [
  { userId: 'u1', name: 'Ada Lovelace', email: 'ada@example.test' },
  { userId: 'u2', name: 'Grace Hopper', email: 'grace@example.test' },
];
const agents = ['frontend-dev', 'backend-dev'];

function Harness({
  initial,
  onChange,
  anyLabel,
}: {
  initial: AssigneeValue | undefined;
  onChange: (value: AssigneeValue | undefined, label: string) => void;
  anyLabel?: string;
}) {
  const [value, setValue] = useState(initial);
  return (
    <AssigneeCombobox
      value={value}
      people={people}
      agents={agents}
      anyLabel={anyLabel}
      onChange={(next, label) => {
        setValue(next);
        onChange(next, label);
      }}
    />
  );
}

/** What an option says, without its decorative avatar initials. */
function spoken(element: Element | null | undefined): string {
  const copy = element?.cloneNode(true) as Element | undefined;
  for (const hidden of copy?.querySelectorAll('[aria-hidden="true"]') ?? []) hidden.remove();
  return copy?.textContent ?? '';
}

const optionNames = () => screen.getAllByRole('option').map(spoken);

describe('AssigneeCombobox', () => {
  it('lists Unassigned, then People, then Agents, each showing its kind', () => {
    render(<Harness initial={null} onChange={vi.fn()} />);
    const input = screen.getByRole('combobox', { name: 'Assignee' });
    expect(input).toHaveProperty('value', 'Unassigned');
    fireEvent.focus(input);
    expect(optionNames()).toEqual([
      'Unassigned',
      'Ada Lovelace(person)',
      'Grace Hopper(person)',
      'backend-devagent',
      'frontend-devagent',
    ]);
    const groups = screen.getAllByRole('group');
    within(groups[1] as HTMLElement).getByText('People');
    within(groups[2] as HTMLElement).getByText('Agents');
    expect(screen.getByRole('option', { name: /Unassigned/ }).getAttribute('aria-selected')).toBe('true');
  });

  it('is operated with the keyboard: arrows move, Enter chooses, Escape closes without change', () => {
    const onChange = vi.fn();
    render(<Harness initial={null} onChange={onChange} />);
    const input = screen.getByRole('combobox', { name: 'Assignee' });
    fireEvent.focus(input);
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    fireEvent.keyDown(input, { key: 'ArrowDown' });
    const active = input.getAttribute('aria-activedescendant');
    expect(spoken(active ? document.getElementById(active) : null)).toBe('Grace Hopper(person)');
    fireEvent.keyDown(input, { key: 'Escape' });
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(onChange).not.toHaveBeenCalled();

    fireEvent.keyDown(input, { key: 'ArrowDown' });
    fireEvent.keyDown(input, { key: 'End' });
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(onChange).toHaveBeenCalledWith({ agent: 'frontend-dev' }, 'frontend-dev');
    expect(input).toHaveProperty('value', 'frontend-dev');
  });

  it('narrows the choices by name, e-mail or agent name as one types', () => {
    const onChange = vi.fn();
    render(<Harness initial={{ agent: 'backend-dev' }} onChange={onChange} />);
    const input = screen.getByRole('combobox', { name: 'Assignee' });
    fireEvent.focus(input);
    fireEvent.change(input, { target: { value: 'GRACE@' } });
    expect(optionNames()).toEqual(['Grace Hopper(person)']);
    fireEvent.change(input, { target: { value: 'zzz' } });
    screen.getByText('Nobody matches.');
    fireEvent.change(input, { target: { value: 'ada' } });
    fireEvent.click(screen.getByRole('option', { name: /Ada Lovelace/ }));
    expect(onChange).toHaveBeenCalledWith({ userId: 'u1' }, 'Ada Lovelace');
  });

  it('offers "any" for filters, and choosing the current value changes nothing', () => {
    const onChange = vi.fn();
    render(<Harness initial={undefined} anyLabel="Any assignee" onChange={onChange} />);
    const input = screen.getByRole('combobox', { name: 'Assignee' });
    expect(input).toHaveProperty('value', 'Any assignee');
    fireEvent.focus(input);
    fireEvent.keyDown(input, { key: 'Enter' });
    expect(onChange).not.toHaveBeenCalled();
    fireEvent.focus(input);
    fireEvent.click(screen.getByRole('option', { name: 'Unassigned' }));
    expect(onChange).toHaveBeenCalledWith(null, 'Unassigned');
  });
});

describe('assignee values', () => {
  it('read a task, write the fields that clear the other kind, and round-trip through the URL', () => {
    expect(assigneeOfTask({ assignee: null, assigneeUser: { id: 'u1', name: 'Ada' } })).toEqual({
      userId: 'u1',
    });
    expect(assigneeOfTask({ assignee: 'backend-dev', assigneeUser: null })).toEqual({ agent: 'backend-dev' });
    expect(assigneeOfTask({ assignee: null })).toBeNull();
    expect(assigneeFields({ userId: 'u1' })).toEqual({ assignee: null, assigneeUserId: 'u1' });
    expect(assigneeFields({ agent: 'qa' })).toEqual({ assignee: 'qa', assigneeUserId: null });
    expect(assigneeFields(null)).toEqual({ assignee: null, assigneeUserId: null });
    for (const value of [{ userId: 'u1' }, { agent: 'qa' }, null, undefined] as const) {
      expect(assigneeFromSearch(assigneeToSearch(value, 'none'), 'none')).toEqual(value);
    }
  });

  it('leaves out the groups nothing matches', () => {
    const groups = assigneeOptions({ people, agents, query: 'dev' });
    expect(groups.map((group) => group.heading)).toEqual(['Agents']);
  });
});
