import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { Menu, menuItemClasses } from './menu';

afterEach(cleanup);

function renderMenu(kind: 'menu' | 'panel', onPick = vi.fn()) {
  render(
    <Menu kind={kind} label="Fruit" trigger="Open" triggerLabel="Fruit menu">
      {(close) =>
        ['Apple', 'Banana', 'Cherry'].map((name) => {
          const pick = () => {
            onPick(name);
            close();
          };
          return kind === 'menu' ? (
            <button
              key={name}
              type="button"
              role="menuitemradio"
              aria-checked={name === 'Banana'}
              tabIndex={-1}
              className={menuItemClasses}
              onClick={pick}
            >
              {name}
            </button>
          ) : (
            <button key={name} type="button" className={menuItemClasses} onClick={pick}>
              {name}
            </button>
          );
        })
      }
    </Menu>,
  );
  return screen.getByRole('button', { name: 'Fruit menu' });
}

describe('Menu', () => {
  it('opens on the checked item, moves with the arrow keys and wraps around', () => {
    const trigger = renderMenu('menu');
    expect(trigger.getAttribute('aria-haspopup')).toBe('menu');
    expect(trigger.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(trigger);
    expect(trigger.getAttribute('aria-expanded')).toBe('true');
    const menu = screen.getByRole('menu', { name: 'Fruit' });
    expect(document.activeElement?.textContent).toBe('Banana');
    fireEvent.keyDown(menu, { key: 'ArrowDown' });
    expect(document.activeElement?.textContent).toBe('Cherry');
    fireEvent.keyDown(menu, { key: 'ArrowDown' });
    expect(document.activeElement?.textContent).toBe('Apple');
    fireEvent.keyDown(menu, { key: 'End' });
    expect(document.activeElement?.textContent).toBe('Cherry');
  });

  it('closes with Escape and gives focus back to its button', () => {
    const trigger = renderMenu('menu');
    fireEvent.click(trigger);
    fireEvent.keyDown(screen.getByRole('menu'), { key: 'Escape' });
    expect(trigger.getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(trigger);
  });

  it('closes when an item is picked or the pointer goes down outside', () => {
    const onPick = vi.fn();
    const trigger = renderMenu('menu', onPick);
    fireEvent.click(trigger);
    fireEvent.click(screen.getByRole('menuitemradio', { name: 'Cherry' }));
    expect(onPick).toHaveBeenCalledWith('Cherry');
    expect(trigger.getAttribute('aria-expanded')).toBe('false');

    fireEvent.click(trigger);
    fireEvent.pointerDown(document.body);
    expect(trigger.getAttribute('aria-expanded')).toBe('false');
  });

  it('as a panel keeps ordinary buttons, reachable by role and name, and leaves focus on the trigger', () => {
    const trigger = renderMenu('panel');
    expect(trigger.getAttribute('aria-haspopup')).toBeNull();
    fireEvent.click(trigger);
    expect(screen.queryByRole('menu')).toBeNull();
    screen.getByRole('button', { name: 'Apple' });
    expect(document.activeElement).not.toBe(screen.getByRole('button', { name: 'Apple' }));
  });
});
