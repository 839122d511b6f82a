/**
 * The organization this tab shows. The server keeps one active organization per session, shared by
 * every tab; each API request of this tab names the one it shows (ORGANIZATION_HEADER), so a tab left
 * behind by a switch in another tab is refused (ORGANIZATION_SWITCHED) instead of acting in an
 * organization it does not show. It changes only by this tab's own doing: its first dashboard load, a
 * switch made here, or a reload.
 */
export const ORGANIZATION_HEADER = 'X-Organization-Id';

const CHANNEL = 'switchboard:organization';
/** Read after the reload a switch elsewhere caused, to tell the person why the page changed. */
export const SWITCHED_ELSEWHERE_KEY = 'switchboard:switched-elsewhere';

let shown: string | null = null;
/** Whose session `shown` came from: a sign-in as someone else in this tab starts afresh. */
let shownFor: string | null = null;

export function shownOrganizationId(): string | null {
  return shown;
}

/**
 * On a dashboard load: the first one of this tab (or of another person signed in here) shows the
 * session's organization; later ones keep what the tab shows, whatever the session says now.
 */
export function adoptSessionOrganization(userId: string, organizationId: string | null): void {
  if (shown === null || shownFor !== userId) shown = organizationId;
  shownFor = userId;
}

/** This tab now shows `organizationId`; `announce` tells the other tabs to follow. */
export function showOrganization(organizationId: string | null, announce?: { name: string }): void {
  shown = organizationId;
  if (!announce || organizationId === null || typeof BroadcastChannel === 'undefined') return;
  const channel = new BroadcastChannel(CHANNEL);
  channel.postMessage({ organizationId, name: announce.name });
  channel.close();
}

/** The request's headers with the shown organization added, when the tab shows one. */
export function withShownOrganization(headers: HeadersInit | undefined): Headers {
  const result = new Headers(headers);
  if (shown !== null) result.set(ORGANIZATION_HEADER, shown);
  return result;
}

interface SwitchMessage {
  organizationId: string;
  name: string;
}

function isSwitchMessage(value: unknown): value is SwitchMessage {
  const message = value as Partial<SwitchMessage> | null;
  return typeof message?.organizationId === 'string' && typeof message.name === 'string';
}

/**
 * Calls `follow` when another tab of this browser switches to an organization this tab does not show.
 * Returns the unsubscribe.
 */
export function onSwitchElsewhere(follow: (message: SwitchMessage) => void): () => void {
  if (typeof BroadcastChannel === 'undefined') return () => {};
  const channel = new BroadcastChannel(CHANNEL);
  channel.onmessage = (event: MessageEvent<unknown>) => {
    if (isSwitchMessage(event.data) && event.data.organizationId !== shown) follow(event.data);
  };
  return () => channel.close();
}
