import { useRouterState } from '@tanstack/react-router';
import { useEffect, useRef } from 'react';

/**
 * After moving to another page (opening a card, following a link), the element that had focus is
 * gone and the browser leaves focus on the document's body: the page's main region takes it instead,
 * so the keyboard and screen readers carry on from the new page. Focus still somewhere on the page is
 * left alone.
 */
export function useFocusAfterNavigation(mainId: string): void {
  const pathname = useRouterState({ select: (state) => state.resolvedLocation?.pathname });
  const previous = useRef(pathname);
  useEffect(() => {
    if (pathname === previous.current) return;
    previous.current = pathname;
    const active = document.activeElement;
    if (active && active !== document.body && active.isConnected) return;
    document.getElementById(mainId)?.focus({ preventScroll: true });
  }, [pathname, mainId]);
}
