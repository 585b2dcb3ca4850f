// A QR code, drawn as one SVG path from uqr's module matrix (no canvas, no HTML string): the VIP
// pass's token and a gift card's redeem address. Loaded lazily by whoever shows one (React.lazy),
// so only a page that draws a code downloads the encoder.
import { useMemo } from "react";
import { encode } from "uqr";

/** A quiet zone of four modules, as the QR specification asks, so phone cameras find the code. */
const QUIET_ZONE = 4;

type QrSvgProps = { text: string; label: string; className: string; testId?: string };

export default function QrSvg({ text, label, className, testId }: QrSvgProps) {
  const { size, path } = useMemo(() => {
    const { data, size: n } = encode(text, { ecc: "M", border: QUIET_ZONE });
    let d = "";
    data.forEach((row, y) =>
      row.forEach((dark, x) => {
        if (dark) d += `M${x} ${y}h1v1h-1z`;
      }),
    );
    return { size: n, path: d };
  }, [text]);
  return (
    <svg className={className} viewBox={`0 0 ${size} ${size}`} role="img" aria-label={label} shapeRendering="crispEdges" data-testid={testId}>
      {/* Dark on white whatever the site's theme (and the printer's): scanners expect it. */}
      <rect width={size} height={size} fill="#fff" />
      <path d={path} fill="#000" />
    </svg>
  );
}
