// The revenue page's recharts bar charts, loaded lazily (recharts travels only in this chunk).
// Labels and amounts arrive formatted in the admin's locale; each chart has a data table beside it.
import { Bar, BarChart, CartesianGrid, Legend, ReferenceLine, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";

// The site's palette (app/styles.css): SVG presentation attributes do not take CSS variables everywhere.
const PINK = "#ff4fb0";
const CYAN = "#35e4ea";
const GOLD = "#ffd166";
const DANGER = "#ff6b86";
const SUCCESS = "#4be3a4";
const MUTED = "#c2b3e0";
const GRID = "rgba(214, 190, 255, 0.16)";
const TOOLTIP_STYLE = { background: "#1c0d35", border: "1px solid rgba(214, 190, 255, 0.32)", borderRadius: 8, color: "#f6f1ff" };
const HEIGHT = 280;

/** Amounts in cents; refunds zero or negative, drawn below the axis. */
export type RevenuePoint = { label: string; vip: number; store: number; tickets: number; refunds: number };
export type MembersPoint = { label: string; gained: number; lost: number };

export function RevenueChart({
  data,
  labels,
  formatMoney,
}: {
  data: RevenuePoint[];
  labels: { vip: string; store: string; tickets: string; refunds: string };
  formatMoney: (cents: number) => string;
}) {
  return (
    <ResponsiveContainer width="100%" height={HEIGHT}>
      {/* Not keyboard-explorable on purpose: the data table is the accessible way in. */}
      <BarChart data={data} stackOffset="sign" accessibilityLayer={false} margin={{ top: 8, right: 8, bottom: 0, left: 8 }}>
        <CartesianGrid stroke={GRID} vertical={false} />
        <XAxis dataKey="label" tick={{ fill: MUTED, fontSize: 12 }} minTickGap={12} />
        <YAxis tick={{ fill: MUTED, fontSize: 12 }} width={80} tickFormatter={formatMoney} />
        <Tooltip contentStyle={TOOLTIP_STYLE} formatter={(value) => formatMoney(Number(value))} cursor={{ fill: "rgba(157, 107, 255, 0.12)" }} />
        <Legend />
        <ReferenceLine y={0} stroke={MUTED} />
        <Bar dataKey="vip" name={labels.vip} stackId="money" fill={PINK} />
        <Bar dataKey="store" name={labels.store} stackId="money" fill={CYAN} />
        <Bar dataKey="tickets" name={labels.tickets} stackId="money" fill={GOLD} />
        <Bar dataKey="refunds" name={labels.refunds} stackId="money" fill={DANGER} />
      </BarChart>
    </ResponsiveContainer>
  );
}

export function MembersChart({
  data,
  labels,
  formatCount,
}: {
  data: MembersPoint[];
  labels: { gained: string; lost: string };
  formatCount: (value: number) => string;
}) {
  return (
    <ResponsiveContainer width="100%" height={HEIGHT}>
      <BarChart data={data} accessibilityLayer={false} margin={{ top: 8, right: 8, bottom: 0, left: 0 }}>
        <CartesianGrid stroke={GRID} vertical={false} />
        <XAxis dataKey="label" tick={{ fill: MUTED, fontSize: 12 }} minTickGap={12} />
        <YAxis allowDecimals={false} tick={{ fill: MUTED, fontSize: 12 }} width={48} tickFormatter={formatCount} />
        <Tooltip contentStyle={TOOLTIP_STYLE} formatter={(value) => formatCount(Number(value))} cursor={{ fill: "rgba(157, 107, 255, 0.12)" }} />
        <Legend />
        <Bar dataKey="gained" name={labels.gained} fill={SUCCESS} radius={[4, 4, 0, 0]} />
        <Bar dataKey="lost" name={labels.lost} fill={DANGER} radius={[4, 4, 0, 0]} />
      </BarChart>
    </ResponsiveContainer>
  );
}

export type TierMovesPoint = { label: string; new: number; upgraded: number; downgraded: number; churned: number };

/** Members arriving (new, upgraded) above the axis and leaving (downgraded, churned) below it. */
export function TierMovesChart({
  data,
  labels,
  formatCount,
}: {
  data: TierMovesPoint[];
  labels: { new: string; upgraded: string; downgraded: string; churned: string };
  formatCount: (value: number) => string;
}) {
  const signed = data.map((p) => ({ ...p, downgraded: -p.downgraded, churned: -p.churned }));
  const shown = (value: unknown) => formatCount(Math.abs(Number(value)));
  return (
    <ResponsiveContainer width="100%" height={HEIGHT}>
      <BarChart data={signed} stackOffset="sign" accessibilityLayer={false} margin={{ top: 8, right: 8, bottom: 0, left: 0 }}>
        <CartesianGrid stroke={GRID} vertical={false} />
        <XAxis dataKey="label" tick={{ fill: MUTED, fontSize: 12 }} minTickGap={12} />
        <YAxis allowDecimals={false} tick={{ fill: MUTED, fontSize: 12 }} width={48} tickFormatter={shown} />
        <Tooltip contentStyle={TOOLTIP_STYLE} formatter={shown} cursor={{ fill: "rgba(157, 107, 255, 0.12)" }} />
        <Legend />
        <ReferenceLine y={0} stroke={MUTED} />
        <Bar dataKey="new" name={labels.new} stackId="moves" fill={SUCCESS} />
        <Bar dataKey="upgraded" name={labels.upgraded} stackId="moves" fill={CYAN} />
        <Bar dataKey="downgraded" name={labels.downgraded} stackId="moves" fill={GOLD} />
        <Bar dataKey="churned" name={labels.churned} stackId="moves" fill={DANGER} />
      </BarChart>
    </ResponsiveContainer>
  );
}
