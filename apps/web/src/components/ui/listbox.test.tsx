import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ListboxOption, useListboxIds } from './listbox';

afterEach(cleanup);

const FRUIT = ['Apple', 'Banana', 'Cherry'];

/** A search box that drives a list of fruit, as the pickers use the parts. */
function FruitPicker({ onChoose }: { onChoose: (fruit: string) => void }) {
  const ids = useListboxIds();
  const [active, setActive] = useState(0);
  return (
    <>
      <input
        role="combobox"
        aria-label="Fruit"
        aria-expanded="true"
        aria-controls={ids.list}
        aria-activedescendant={ids.option(active)}
      />
      <div id={ids.list} role="listbox" aria-label="Fruit">
        {FRUIT.map((fruit, index) => (
          <ListboxOption
            key={fruit}
            id={ids.option(index)}
            selected={fruit === 'Banana'}
            active={index === active}
            onActivate={() => setActive(index)}
            onChoose={() => onChoose(fruit)}
            className="option"
          >
            {fruit}
          </ListboxOption>
        ))}
      </div>
    </>
  );
}

describe('ListboxOption', () => {
  it('ties the box to its list and to the active option, with ids unique on the page', () => {
    render(
      <>
        <FruitPicker onChoose={vi.fn()} />
        <FruitPicker onChoose={vi.fn()} />
      </>,
    );
    const [box] = screen.getAllByRole('combobox');
    const [list, otherList] = screen.getAllByRole('listbox');
    expect(box?.getAttribute('aria-controls')).toBe(list?.id);
    expect(list?.id).not.toBe(otherList?.id);
    const active = document.getElementById(box?.getAttribute('aria-activedescendant') ?? '');
    expect(active?.textContent).toBe('Apple');
    const ids = screen.getAllByRole('option').map((option) => option.id);
    expect(new Set(ids).size).toBe(6);
  });

  it('says which option is selected and highlights the active one, never taking the focus', () => {
    render(<FruitPicker onChoose={vi.fn()} />);
    const [apple, banana] = screen.getAllByRole('option');
    expect(banana?.getAttribute('aria-selected')).toBe('true');
    expect(apple?.getAttribute('aria-selected')).toBe('false');
    expect(apple?.className).toBe('option bg-subtle');
    expect(banana?.className).toBe('option');
    expect(apple?.tabIndex).toBe(-1);
  });

  it('becomes active on hover and chooses on click, keeping the focus in the box', () => {
    const onChoose = vi.fn();
    render(<FruitPicker onChoose={onChoose} />);
    const box = screen.getByRole('combobox');
    const cherry = screen.getByRole('option', { name: 'Cherry' });
    fireEvent.mouseEnter(cherry);
    expect(document.getElementById(box.getAttribute('aria-activedescendant') ?? '')).toBe(cherry);
    expect(cherry.className).toBe('option bg-subtle');
    // A mouse-down whose default is prevented does not move the focus out of the box.
    expect(fireEvent.mouseDown(cherry)).toBe(false);
    fireEvent.click(cherry);
    expect(onChoose).toHaveBeenCalledWith('Cherry');
  });
});
