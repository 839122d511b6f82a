import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { AddButton } from './add-button';

afterEach(cleanup);

describe('AddButton', () => {
  it('adds while the list has room, named by its words alone', () => {
    const onClick = vi.fn();
    render(<AddButton onClick={onClick}>New label</AddButton>);
    const button = screen.getByRole('button', { name: 'New label' });
    expect(button.getAttribute('title')).toBeNull();
    fireEvent.click(button);
    expect(onClick).toHaveBeenCalledTimes(1);
  });

  it('is off once the list is full, and says why', () => {
    const onClick = vi.fn();
    render(
      <AddButton onClick={onClick} limitReached="An organization may have at most 100 labels.">
        New label
      </AddButton>,
    );
    const button = screen.getByRole('button', { name: 'New label' });
    expect(button).toHaveProperty('disabled', true);
    expect(button.getAttribute('title')).toBe('An organization may have at most 100 labels.');
    fireEvent.click(button);
    expect(onClick).not.toHaveBeenCalled();
  });
});
