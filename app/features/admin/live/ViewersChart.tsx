// The control room's viewers-per-minute line, loaded lazily (recharts travels only in this chunk).
import { CartesianGrid, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";

// The site's palette (app/styles.css): SVG presentation attributes do not take CSS variables everywhere.
const PINK = "#ff4fb0";
const MUTED = "#c2b3e0";
const GRID = "rgba(214, 190, 255, 0.16)";
const TOOLTIP_STYLE = { background: "#1c0d35", border: "1px solid rgba(214, 190, 255, 0.32)", borderRadius: 8, color: "#f6f1ff" };

export type ViewersPoint = { label: string; viewers: number };

export default function ViewersChart({ data, name }: { data: ViewersPoint[]; name: string }) {
  return (
    <ResponsiveContainer width="100%" height={220}>
      {/* Not keyboard-explorable on purpose: the data table is the accessible way in. */}
      <LineChart data={data} accessibilityLayer={false} margin={{ top: 8, right: 8, bottom: 0, left: 0 }}>
        <CartesianGrid stroke={GRID} vertical={false} />
        <XAxis dataKey="label" tick={{ fill: MUTED, fontSize: 12 }} minTickGap={16} />
        <YAxis allowDecimals={false} tick={{ fill: MUTED, fontSize: 12 }} width={40} />
        <Tooltip contentStyle={TOOLTIP_STYLE} />
        <Line type="monotone" dataKey="viewers" name={name} stroke={PINK} strokeWidth={2} dot={false} isAnimationActive={false} />
      </LineChart>
    </ResponsiveContainer>
  );
}
