import { type CSSProperties, useEffect } from 'react';
import { Toaster } from 'sonner';
import {
  TOAST_DURATION_MS,
  TOAST_GAP_PX,
  TOAST_POSITION,
  TOAST_VISIBLE_MAX,
  TOAST_WIDTH_PX,
} from '../lib/constants';
import { raiseToasts, TOAST_LAYER_ATTRIBUTE } from '../lib/toast-layer';
import { useTheme } from '../theme/theme-provider';

const TOASTS = {
  position: TOAST_POSITION,
  duration: TOAST_DURATION_MS,
  visibleToasts: TOAST_VISIBLE_MAX,
  gap: TOAST_GAP_PX,
  // sonner sizes every toast from this variable (and narrows it on small screens by itself).
  style: { '--width': `${TOAST_WIDTH_PX}px` } as CSSProperties,
};

/**
 * The one toast area: bottom-left, where it covers no navigation; each toast closable. It sits in the
 * top layer (a manual popover, see raiseToasts), so a modal dialog never covers it.
 */
export function AppToaster() {
  const { theme } = useTheme();
  useEffect(() => raiseToasts(), []);
  return (
    <div popover="manual" {...{ [TOAST_LAYER_ATTRIBUTE]: '' }} className="toast-layer">
      <Toaster theme={theme} closeButton {...TOASTS} />
    </div>
  );
}
