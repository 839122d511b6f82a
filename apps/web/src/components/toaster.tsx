import type { CSSProperties } from 'react';
import { Toaster } from 'sonner';
import {
  TOAST_DURATION_MS,
  TOAST_GAP_PX,
  TOAST_POSITION,
  TOAST_VISIBLE_MAX,
  TOAST_WIDTH_PX,
} from '../lib/constants';
import { useTheme } from '../theme/theme-provider';

const TOASTS = {
  position: TOAST_POSITION,
  duration: TOAST_DURATION_MS,
  visibleToasts: TOAST_VISIBLE_MAX,
  gap: TOAST_GAP_PX,
  // sonner sizes every toast from this variable (and narrows it on small screens by itself).
  style: { '--width': `${TOAST_WIDTH_PX}px` } as CSSProperties,
};

/** The one toast area: bottom-left, where it covers no navigation; each toast closable. */
export function AppToaster() {
  const { theme } = useTheme();
  return <Toaster theme={theme} closeButton {...TOASTS} />;
}
