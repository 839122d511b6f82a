import { MouseSensor, TouchSensor, useSensor, useSensors } from '@dnd-kit/core';

/**
 * A press this far (or, on a touch screen, held this long) starts a drag; less is a click or a scroll.
 * Module constants: dnd-kit rebuilds its context when a sensor's options are a new object, and every
 * draggable card would render again with each render of the board.
 */
const MOUSE_OPTIONS = { activationConstraint: { distance: 5 } };
const TOUCH_OPTIONS = { activationConstraint: { delay: 250, tolerance: 5 } };

/**
 * The pointer sensors of every drag in the app (dnd-kit): a mouse drags once it moves a little, a
 * finger once it is held still, so clicks, taps and scrolling keep working. The keyboard moves things
 * its own way on each screen.
 */
export function useDragSensors() {
  return useSensors(useSensor(MouseSensor, MOUSE_OPTIONS), useSensor(TouchSensor, TOUCH_OPTIONS));
}
