import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MessageComposer } from './message-composer';

afterEach(cleanup);

const mentions = {
  people: [
    { id: 'u1', name: 'Ada Lovelace', email: 'ada@example.com' },
    { id: 'u2', name: 'Grace Hopper', email: 'grace@example.com' },
  ],
  agents: [{ name: 'backend-dev' }],
};

function Composer({ onSubmit, onCancel }: { onSubmit?: () => void; onCancel?: () => void }) {
  const [value, setValue] = useState('');
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit?.();
      }}
    >
      <MessageComposer
        label="Comment"
        value={value}
        onChange={setValue}
        placeholder="Write a comment"
        sending={false}
        sendLabel="Send"
        mentions={mentions}
        onCancel={onCancel}
      />
    </form>
  );
}

/** Types `text` with the caret at its end, as the browser reports it. */
function type(box: HTMLTextAreaElement, text: string) {
  fireEvent.change(box, { target: { value: text, selectionStart: text.length, selectionEnd: text.length } });
}

describe('MessageComposer', () => {
  it('offers mentions for what follows @, moves the highlight with the arrows and takes one with Enter', () => {
    render(<Composer />);
    const box = screen.getByRole<HTMLTextAreaElement>('textbox', { name: 'Comment' });
    type(box, 'hi @');
    const list = screen.getByRole('listbox', { name: 'Mention someone' });
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual([
      'Ada Lovelace@ada',
      'Grace Hopper@grace',
      'backend-dev@backend-dev · agent',
    ]);
    expect(box.getAttribute('aria-controls')).toBe(list.id);
    expect(box.getAttribute('aria-activedescendant')).toBe(`${list.id}-0`);

    fireEvent.keyDown(box, { key: 'ArrowDown' });
    expect(box.getAttribute('aria-activedescendant')).toBe(`${list.id}-1`);
    fireEvent.keyDown(box, { key: 'ArrowUp' });
    fireEvent.keyDown(box, { key: 'ArrowUp' });
    expect(box.getAttribute('aria-activedescendant')).toBe(`${list.id}-2`);

    fireEvent.keyDown(box, { key: 'Enter' });
    expect(box.value).toBe('hi @backend-dev ');
    expect(screen.queryByRole('listbox')).toBeNull();
  });

  it('closes the suggestions with Escape, and only a second Escape cancels', () => {
    const onCancel = vi.fn();
    render(<Composer onCancel={onCancel} />);
    const box = screen.getByRole<HTMLTextAreaElement>('textbox', { name: 'Comment' });
    type(box, '@gr');
    expect(screen.getAllByRole('option')).toHaveLength(1);
    fireEvent.keyDown(box, { key: 'Escape' });
    expect(screen.queryByRole('listbox')).toBeNull();
    expect(onCancel).not.toHaveBeenCalled();
    fireEvent.keyDown(box, { key: 'Escape' });
    expect(onCancel).toHaveBeenCalledTimes(1);
  });

  it('sends with Ctrl+Enter, while a plain Enter stays in the box', () => {
    const onSubmit = vi.fn();
    render(<Composer onSubmit={onSubmit} />);
    const box = screen.getByRole<HTMLTextAreaElement>('textbox', { name: 'Comment' });
    type(box, 'done');
    fireEvent.keyDown(box, { key: 'Enter' });
    expect(onSubmit).not.toHaveBeenCalled();
    fireEvent.keyDown(box, { key: 'Enter', ctrlKey: true });
    expect(onSubmit).toHaveBeenCalledTimes(1);
  });
});
