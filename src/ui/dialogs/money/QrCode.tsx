import qrcode from 'qrcode-generator';
import { memo, useMemo } from 'react';

export interface QrCodeProps {
  value: string;
  /** Accessible name of the image. */
  label: string;
  size?: number;
}

/** A QR code of `value` as an SVG path (dark modules on white, with the 4-module quiet zone). */
export const QrCode = memo(function QrCode({ value, label, size = 160 }: QrCodeProps) {
  const { path, count } = useMemo(() => {
    const qr = qrcode(0, 'M');
    qr.addData(value);
    qr.make();
    const n = qr.getModuleCount();
    let d = '';
    for (let r = 0; r < n; r++) {
      for (let c = 0; c < n; c++) if (qr.isDark(r, c)) d += `M${c + 4} ${r + 4}h1v1h-1z`;
    }
    return { path: d, count: n + 8 };
  }, [value]);
  return (
    <svg
      role="img"
      aria-label={label}
      width={size}
      height={size}
      viewBox={`0 0 ${count} ${count}`}
      shapeRendering="crispEdges"
      data-qr-value={value}
    >
      <rect width={count} height={count} fill="#fff" />
      <path d={path} fill="#000" />
    </svg>
  );
});
