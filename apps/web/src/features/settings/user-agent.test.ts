import { describe, expect, it } from 'vitest';
import { describeUserAgent, deviceName } from './user-agent';

const UA = {
  chromeMac:
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36',
  headlessLinux:
    'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/131.0.0.0 Safari/537.36',
  firefoxWindows: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:128.0) Gecko/20100101 Firefox/128.0',
  edgeWindows:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36 Edg/126.0.2592.87',
  safariIphone:
    'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
  safariMac:
    'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15',
  chromeAndroid:
    'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36',
  operaWindows:
    'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/125.0.0.0 Safari/537.36 OPR/111.0.0.0',
  firefoxIpad:
    'Mozilla/5.0 (iPad; CPU OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) FxiOS/127.0 Mobile/15E148 Safari/605.1.15',
};

describe('deviceName', () => {
  it.each([
    [UA.chromeMac, 'Chrome on macOS'],
    [UA.headlessLinux, 'Chrome on Linux'],
    [UA.firefoxWindows, 'Firefox on Windows'],
    [UA.edgeWindows, 'Edge on Windows'],
    [UA.safariIphone, 'Safari on iPhone'],
    [UA.safariMac, 'Safari on macOS'],
    [UA.chromeAndroid, 'Chrome on Android'],
    [UA.operaWindows, 'Opera on Windows'],
    [UA.firefoxIpad, 'Firefox on iPad'],
    ['switchboard-cli/0.3.0 node/20.19.0 (linux x64)', 'Switchboard CLI'],
    ['curl/8.5.0', 'curl'],
    ['node', 'Node.js'],
  ])('names %s as %s', (userAgent, name) => {
    expect(deviceName(userAgent)).toBe(name);
  });

  it('falls back when nothing is recognised', () => {
    expect(deviceName('Mozilla/5.0 (X11; Linux x86_64) SomethingNew/1.0')).toBe('Linux device');
    expect(deviceName('')).toBe('Unknown device');
    expect(deviceName(null)).toBe('Unknown device');
    expect(deviceName(undefined)).toBe('Unknown device');
  });
});

describe('describeUserAgent', () => {
  it('tells phones and tablets from computers', () => {
    expect(describeUserAgent(UA.safariIphone).mobile).toBe(true);
    expect(describeUserAgent(UA.chromeAndroid).mobile).toBe(true);
    expect(describeUserAgent(UA.chromeMac).mobile).toBe(false);
  });
});
