export interface DeviceDescription {
  /** 'Chrome', 'Firefox', 'Switchboard CLI' … or undefined when not recognised. */
  client: string | undefined;
  /** 'macOS', 'Windows', 'iPhone' … or undefined when not recognised. */
  os: string | undefined;
  /** A phone or tablet. */
  mobile: boolean;
}

// Order matters: several browsers name others in their user agent (Edge says Chrome and Safari, Chrome
// says Safari, Opera says Chrome).
const CLIENTS: Array<[RegExp, string]> = [
  [/switchboard[-_ ]?cli/i, 'Switchboard CLI'],
  [/\bEdg(e|A|iOS)?\//, 'Edge'],
  [/\b(OPR|Opera)\//, 'Opera'],
  [/\bSamsungBrowser\//, 'Samsung Internet'],
  [/\bVivaldi\//, 'Vivaldi'],
  [/\b(Firefox|FxiOS)\//, 'Firefox'],
  [/\b(HeadlessChrome|Chrome|CriOS|Chromium)\//, 'Chrome'],
  [/\bVersion\/[\d.]+.*Safari\//, 'Safari'],
  [/^curl\//, 'curl'],
  [/^node(\b|$)|\bnode-fetch\b|\bundici\b/i, 'Node.js'],
];

const SYSTEMS: Array<[RegExp, string]> = [
  [/\biPhone\b/, 'iPhone'],
  [/\biPad\b/, 'iPad'],
  [/\bAndroid\b/, 'Android'],
  [/\bCrOS\b/, 'ChromeOS'],
  [/\bWindows\b/, 'Windows'],
  [/\bMac OS X\b|\bMacintosh\b/, 'macOS'],
  [/\bLinux\b|\bX11\b/, 'Linux'],
];

/** What a session's user agent says about the device, for people to recognise their sessions. */
export function describeUserAgent(userAgent: string | null | undefined): DeviceDescription {
  const ua = (userAgent ?? '').trim();
  const client = CLIENTS.find(([pattern]) => pattern.test(ua))?.[1];
  const os = SYSTEMS.find(([pattern]) => pattern.test(ua))?.[1];
  const mobile = /\b(Mobile|iPhone|iPad|Android)\b/.test(ua);
  return { client, os, mobile };
}

/** 'Chrome on macOS', 'Firefox', 'Linux device', 'Unknown device'. */
export function deviceName(userAgent: string | null | undefined): string {
  const { client, os } = describeUserAgent(userAgent);
  if (client && os) return `${client} on ${os}`;
  if (client) return client;
  if (os) return `${os} device`;
  return 'Unknown device';
}
