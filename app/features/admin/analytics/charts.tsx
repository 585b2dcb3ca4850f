// The analytics page's two recharts bar charts. This module is loaded lazily (and so is recharts,
// which only it imports): the cards and tables show first, and no other chunk carries the library.
// Labels arrive formatted in the admin's locale; each chart has a data table next to it.
import { Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";

// The site's palette (app/styles.css): SVG presentation attributes do not take CSS variables everywhere.
const PINK = "#ff4fb0";
const CYAN = "#35e4ea";
const MUTED = "#c2b3e0";
const GRID = "rgba(214, 190, 255, 0.16)";
const TOOLTIP_STYLE = { background: "#1c0d35", border: "1px solid rgba(214, 190, 255, 0.32)", borderRadius: 8, color: "#f6f1ff" };
const HEIGHT = 280;

export type TrafficPoint = { label: string; pageViews: number; visitors: number };
export type HourPoint = { label: string; pageViews: number };

type Common = { formatCount: (value: number) => string };

export function TrafficChart({
  data,
  pageViewsLabel,
  visitorsLabel,
  formatCount,
}: Common & { data: TrafficPoint[]; pageViewsLabel: string; visitorsLabel: string }) {
  return (
    <ResponsiveContainer width="100%" height={HEIGHT}>
      {/* Not keyboard-explorable on purpose: the data table is the accessible way in. */}
      <BarChart data={data} accessibilityLayer={false} margin={{ top: 8, right: 8, bottom: 0, left: 0 }}>
        <CartesianGrid stroke={GRID} vertical={false} />
        <XAxis dataKey="label" tick={{ fill: MUTED, fontSize: 12 }} minTickGap={12} />
        <YAxis allowDecimals={false} tick={{ fill: MUTED, fontSize: 12 }} width={56} tickFormatter={formatCount} />
        <Tooltip contentStyle={TOOLTIP_STYLE} formatter={(value) => formatCount(Number(value))} cursor={{ fill: "rgba(157, 107, 255, 0.12)" }} />
        <Legend />
        <Bar dataKey="pageViews" name={pageViewsLabel} fill={PINK} radius={[4, 4, 0, 0]} />
        <Bar dataKey="visitors" name={visitorsLabel} fill={CYAN} radius={[4, 4, 0, 0]} />
      </BarChart>
    </ResponsiveContainer>
  );
}

export function HourlyChart({ data, pageViewsLabel, formatCount }: Common & { data: HourPoint[]; pageViewsLabel: string }) {
  return (
    <ResponsiveContainer width="100%" height={HEIGHT}>
      <BarChart data={data} accessibilityLayer={false} margin={{ top: 8, right: 8, bottom: 0, left: 0 }}>
        <CartesianGrid stroke={GRID} vertical={false} />
        <XAxis dataKey="label" tick={{ fill: MUTED, fontSize: 12 }} interval="preserveStartEnd" minTickGap={8} />
        <YAxis allowDecimals={false} tick={{ fill: MUTED, fontSize: 12 }} width={56} tickFormatter={formatCount} />
        <Tooltip contentStyle={TOOLTIP_STYLE} formatter={(value) => formatCount(Number(value))} cursor={{ fill: "rgba(157, 107, 255, 0.12)" }} />
        <Bar dataKey="pageViews" name={pageViewsLabel} fill={PINK} radius={[4, 4, 0, 0]} />
      </BarChart>
    </ResponsiveContainer>
  );
}
