import { useEffect } from 'react';
import { toast } from 'sonner';
import { withoutBidiControls } from '../../lib/bidi';
import { pageAfterSwitch } from '../../lib/organization';
import { onSwitchElsewhere, SWITCHED_ELSEWHERE_KEY } from '../../lib/shown-organization';

/**
 * This tab follows an organization switch made in another tab: it reloads into the new organization
 * (a project's pages give way to its project list) and, once reloaded, says why the page changed.
 */
export function useFollowOrganizationSwitch(): void {
  useEffect(() => {
    const note = sessionStorage.getItem(SWITCHED_ELSEWHERE_KEY);
    if (note !== null) {
      sessionStorage.removeItem(SWITCHED_ELSEWHERE_KEY);
      // After the Toaster has subscribed: a toast raised before it mounts is never shown.
      setTimeout(() => toast.info(`Switched to ${withoutBidiControls(note)} in another tab.`), 0);
    }
    return onSwitchElsewhere(({ name }) => {
      sessionStorage.setItem(SWITCHED_ELSEWHERE_KEY, name);
      window.location.assign(pageAfterSwitch(window.location.pathname) ?? window.location.href);
    });
  }, []);
}
