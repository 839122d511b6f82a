import { MouseSensor, TouchSensor, useSensor, useSensors } from '@dnd-kit/core';

/** A press this far (or, on a touch screen, held this long) starts a drag; less is a click or a scroll. */
const MOUSE_DRAG_DISTANCE_PX = 5;
const TOUCH_HOLD_MS = 250;
const TOUCH_TOLERANCE_PX = 5;

/**
 * The pointer sensors of every drag in the app (dnd-kit): a mouse drags once it moves a little, a
 * finger once it is held still, so clicks, taps and scrolling keep working. The keyboard moves things
 * its own way on each screen.
 */
export function useDragSensors() {
  return useSensors(
    useSensor(MouseSensor, { activationConstraint: { distance: MOUSE_DRAG_DISTANCE_PX } }),
    useSensor(TouchSensor, { activationConstraint: { delay: TOUCH_HOLD_MS, tolerance: TOUCH_TOLERANCE_PX } }),
  );
}
