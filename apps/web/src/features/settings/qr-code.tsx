import { create } from 'qrcode';
import { useMemo } from 'react';
import { cn } from '../../components/ui/cn';

/** Blank modules around the code, as scanners expect. */
const QUIET_ZONE = 4;

/** The dark modules of `text`'s QR code as one SVG path, one unit per module, inside the quiet zone. */
export function qrCodeDrawing(text: string): { size: number; path: string } {
  const { modules } = create(text, { errorCorrectionLevel: 'M' });
  const cells: string[] = [];
  for (let row = 0; row < modules.size; row++) {
    for (let column = 0; column < modules.size; column++) {
      if (modules.get(row, column)) cells.push(`M${column + QUIET_ZONE} ${row + QUIET_ZONE}h1v1h-1z`);
    }
  }
  return { size: modules.size + 2 * QUIET_ZONE, path: cells.join('') };
}

/**
 * A QR code drawn here, in the page: what it encodes (a two-factor secret) never leaves the browser
 * for an image service. Black on white in either theme, since scanners need the contrast.
 */
export function QrCode({ value, label, className }: { value: string; label: string; className?: string }) {
  const { size, path } = useMemo(() => qrCodeDrawing(value), [value]);
  return (
    <svg
      role="img"
      aria-label={label}
      viewBox={`0 0 ${size} ${size}`}
      shapeRendering="crispEdges"
      className={cn('size-44 rounded-control', className)}
    >
      <rect width={size} height={size} fill="#ffffff" />
      <path d={path} fill="#000000" />
    </svg>
  );
}
