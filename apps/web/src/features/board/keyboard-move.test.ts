import { describe, expect, it } from 'vitest';
import {
  type BoardColumnLayout,
  IDLE,
  type KeyboardMoveState,
  keyToAction,
  projectLayout,
  reduceKeyboardMove,
} from './keyboard-move';

const layout: BoardColumnLayout[] = [
  { statusId: 'todo', name: 'Todo', taskIds: ['a', 'b', 'c'] },
  { statusId: 'doing', name: 'In Progress', taskIds: ['d'] },
  { statusId: 'done', name: 'Done', taskIds: [] },
];

function run(actions: Parameters<typeof reduceKeyboardMove>[1][]) {
  let state: KeyboardMoveState = IDLE;
  const results = [];
  for (const action of actions) {
    const result = reduceKeyboardMove(state, action, layout, (id) => id.toUpperCase());
    results.push(result);
    state = result.state;
  }
  return { state, results, last: results.at(-1) };
}

describe('keyboard move reducer', () => {
  it('picks a card up where it is and says how to move it', () => {
    const { state, last } = run([{ type: 'lift', taskId: 'b' }]);
    expect(state).toEqual({
      mode: 'lifted',
      taskId: 'b',
      from: { column: 0, index: 1 },
      to: { column: 0, index: 1 },
    });
    expect(last?.announcement).toContain('Picked up B in Todo, position 2 of 3');
    expect(last?.announcement).toContain('Escape to cancel');
  });

  it('moves within a column and stops at the edges', () => {
    const up = run([
      { type: 'lift', taskId: 'b' },
      { type: 'move', direction: 'up' },
    ]);
    expect(up.state.mode === 'lifted' && up.state.to).toEqual({ column: 0, index: 0 });
    const stuck = run([
      { type: 'lift', taskId: 'b' },
      { type: 'move', direction: 'up' },
      { type: 'move', direction: 'up' },
    ]);
    expect(stuck.last?.announcement).toBe('B is already at the top.');
    const down = run([
      { type: 'lift', taskId: 'a' },
      { type: 'move', direction: 'down' },
      { type: 'move', direction: 'down' },
      { type: 'move', direction: 'down' },
    ]);
    expect(down.state.mode === 'lifted' && down.state.to).toEqual({ column: 0, index: 2 });
  });

  it('moves across columns, clamping the index to the cards there', () => {
    const { state, last } = run([
      { type: 'lift', taskId: 'c' },
      { type: 'move', direction: 'right' },
    ]);
    expect(state.mode === 'lifted' && state.to).toEqual({ column: 1, index: 1 });
    expect(last?.announcement).toBe('C: In Progress, position 2 of 2.');
    const empty = run([
      { type: 'lift', taskId: 'c' },
      { type: 'move', direction: 'right' },
      { type: 'move', direction: 'right' },
    ]);
    expect(empty.state.mode === 'lifted' && empty.state.to).toEqual({ column: 2, index: 0 });
    const edge = run([
      { type: 'lift', taskId: 'a' },
      { type: 'move', direction: 'left' },
    ]);
    expect(edge.last?.announcement).toBe('A is already at the edge.');
  });

  it('drops at the target and reports where', () => {
    const { state, last } = run([
      { type: 'lift', taskId: 'a' },
      { type: 'move', direction: 'right' },
      { type: 'drop' },
    ]);
    expect(state).toEqual(IDLE);
    expect(last?.drop).toEqual({ taskId: 'a', statusId: 'doing', index: 0 });
    expect(last?.announcement).toBe('Dropped A in In Progress, position 1 of 2.');
  });

  it('a drop where the card was changes nothing; Escape puts it back', () => {
    const same = run([
      { type: 'lift', taskId: 'a' },
      { type: 'move', direction: 'down' },
      { type: 'move', direction: 'up' },
      { type: 'drop' },
    ]);
    expect(same.last?.drop).toBeUndefined();
    const cancelled = run([
      { type: 'lift', taskId: 'a' },
      { type: 'move', direction: 'right' },
      { type: 'cancel' },
    ]);
    expect(cancelled.state).toEqual(IDLE);
    expect(cancelled.last?.drop).toBeUndefined();
    expect(cancelled.last?.announcement).toBe('Move cancelled. A is back in Todo, position 1 of 3.');
  });

  it('ignores moves when nothing is lifted, and unknown cards', () => {
    expect(run([{ type: 'move', direction: 'up' }]).state).toEqual(IDLE);
    expect(run([{ type: 'drop' }]).last?.announcement).toBeUndefined();
    expect(run([{ type: 'lift', taskId: 'zzz' }]).state).toEqual(IDLE);
  });

  it('projects the lifted card into its target for the preview', () => {
    const { state } = run([
      { type: 'lift', taskId: 'a' },
      { type: 'move', direction: 'right' },
      { type: 'move', direction: 'down' },
    ]);
    expect(projectLayout(layout, state).map((column) => column.taskIds)).toEqual([
      ['b', 'c'],
      ['d', 'a'],
      [],
    ]);
    expect(projectLayout(layout, IDLE)).toBe(layout);
  });

  it('maps keys to actions', () => {
    expect(keyToAction(' ', false, 'a')).toEqual({ type: 'lift', taskId: 'a' });
    expect(keyToAction('ArrowUp', false, 'a')).toBeUndefined();
    expect(keyToAction('ArrowLeft', true, 'a')).toEqual({ type: 'move', direction: 'left' });
    expect(keyToAction('Enter', true, 'a')).toEqual({ type: 'drop' });
    expect(keyToAction(' ', true, 'a')).toEqual({ type: 'drop' });
    expect(keyToAction('Escape', true, 'a')).toEqual({ type: 'cancel' });
    expect(keyToAction('x', true, 'a')).toBeUndefined();
  });
});
