// A figure's change against the previous span: ▲/▼ and the percent with one decimal, green when
// the change is good and red when it is bad. For bounce rate a rise is bad, hence `invert`.
import { useIntl } from "react-intl";
import type { Trend } from "#contracts/trend.ts";
import { formatPercent } from "../format";
import { trendMessages } from "../messages";

export type TrendTone = "good" | "bad" | "flat";

/** Whether a change reads as good news: up is good, unless the figure is one to keep low. */
export function trendTone(changePct: number, invert = false): TrendTone {
  if (changePct === 0) return "flat";
  return changePct > 0 !== invert ? "good" : "bad";
}

export function TrendBadge({ changePct, invert = false }: { changePct: Trend["changePct"]; invert?: boolean }) {
  const intl = useIntl();
  if (changePct === null) {
    return (
      <p className="admin-trend" data-tone="none">
        {intl.formatMessage(trendMessages.none)}
      </p>
    );
  }
  const pct = formatPercent(intl, Math.abs(changePct));
  const arrow = changePct > 0 ? "▲" : changePct < 0 ? "▼" : "■";
  const spoken = changePct > 0 ? trendMessages.up : changePct < 0 ? trendMessages.down : trendMessages.flat;
  return (
    <p className="admin-trend" data-tone={trendTone(changePct, invert)}>
      {/* The arrow is for the eye; screen readers get the sentence instead. */}
      <span aria-hidden="true">{`${arrow} ${pct}`}</span>
      <span className="sr-only">{intl.formatMessage(spoken, { pct })}</span>
    </p>
  );
}
