import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { QrCode, qrCodeDrawing } from './qr-code';

afterEach(cleanup);

const URI = 'otpauth://totp/Switchboard:ada%40example.test?secret=JBSWY3DPEHPK3PXP&issuer=Switchboard';

/** Whether the drawing fills the module at column x, row y (counted from the code's own corner). */
const dark = (path: string, x: number, y: number) => path.includes(`M${x + 4} ${y + 4}h1v1h-1z`);

describe('qrCodeDrawing', () => {
  it('draws a whole code: a quiet zone and the three finder squares in their corners', () => {
    const { size, path } = qrCodeDrawing(URI);
    const modules = size - 8;
    // A version's side is 17 + 4 × version modules.
    expect((modules - 17) % 4).toBe(0);
    for (const [left, top] of [
      [0, 0],
      [modules - 7, 0],
      [0, modules - 7],
    ] as const) {
      // A finder is a dark ring of 7, a light ring of 5 and a dark 3 × 3 centre.
      expect(dark(path, left, top + 3)).toBe(true);
      expect(dark(path, left + 6, top + 3)).toBe(true);
      expect(dark(path, left + 1, top + 3)).toBe(false);
      expect(dark(path, left + 3, top + 3)).toBe(true);
    }
    expect(path).not.toContain('M0 ');
    expect(qrCodeDrawing(`${URI}&digits=6`).path).not.toBe(path);
  });
});

describe('QrCode', () => {
  it('is an image named for what it is for', () => {
    render(<QrCode value={URI} label="QR code for your authenticator app" />);
    const image = screen.getByRole('img', { name: 'QR code for your authenticator app' });
    expect(image.querySelector('path')?.getAttribute('d')).toBe(qrCodeDrawing(URI).path);
  });
});
