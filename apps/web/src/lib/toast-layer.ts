/** The attribute of the element the toasts render in (see AppToaster). */
export const TOAST_LAYER_ATTRIBUTE = 'data-toast-layer';

/**
 * Puts the toasts back on top. A modal <dialog> enters the browser's top layer, above every z-index,
 * so the toasts live in a manual popover (the top layer too) that is shown again after each dialog
 * opens, which moves it above that dialog: a toast about the dialog's action is never under its backdrop.
 */
export function raiseToasts(root: Document = document): void {
  const layer = root.querySelector<HTMLElement>(`[${TOAST_LAYER_ATTRIBUTE}]`);
  if (!layer || typeof layer.showPopover !== 'function') return;
  try {
    if (layer.matches(':popover-open')) layer.hidePopover();
    layer.showPopover();
  } catch {
    // A browser without popovers keeps the toasts where they were: under the dialog, still shown.
  }
}
