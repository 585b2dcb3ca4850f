// The QR code itself, drawn as one SVG path from uqr's module matrix (no canvas, no HTML string).
// Its own module, loaded lazily by VipPassCard: only a VIP looking at their own pass downloads the
// encoder.
import { useMemo } from "react";
import { encode } from "uqr";

/** A quiet zone of four modules, as the QR specification asks, so phone cameras find the code. */
const QUIET_ZONE = 4;

export default function QrSvg({ text, label }: { text: string; label: string }) {
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
    <svg className="vip-pass-qr" viewBox={`0 0 ${size} ${size}`} role="img" aria-label={label} shapeRendering="crispEdges" data-testid="vip-pass-qr">
      {/* Dark on white whatever the site's theme: scanners expect it. */}
      <rect width={size} height={size} fill="#fff" />
      <path d={path} fill="#000" />
    </svg>
  );
}
