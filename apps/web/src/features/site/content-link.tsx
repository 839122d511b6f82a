import { useRouter } from '@tanstack/react-router';
import type { ComponentProps, MouseEvent } from 'react';

function isInternal(href: string | undefined): href is string {
  return href?.startsWith('/') === true && !href.startsWith('//');
}

/**
 * Links written in articles: site paths navigate inside the app (no full reload),
 * in-page anchors stay plain, and other sites open in a new tab.
 */
export function ContentLink({ href, children, onClick, ...props }: ComponentProps<'a'>) {
  const router = useRouter();
  if (!isInternal(href)) {
    const external = href !== undefined && /^https?:\/\//.test(href);
    return (
      <a
        href={href}
        {...(external ? { target: '_blank', rel: 'noreferrer' } : {})}
        onClick={onClick}
        {...props}
      >
        {children}
      </a>
    );
  }
  const navigate = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    if (
      event.defaultPrevented ||
      event.button !== 0 ||
      event.metaKey ||
      event.ctrlKey ||
      event.shiftKey ||
      event.altKey
    ) {
      return;
    }
    event.preventDefault();
    // The router follows its history, so pushing the path navigates without a reload.
    router.history.push(href);
  };
  return (
    <a href={href} onClick={navigate} {...props}>
      {children}
    </a>
  );
}
