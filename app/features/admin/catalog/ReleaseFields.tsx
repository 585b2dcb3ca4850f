// An album's or a track's release times in its form: the public release and the VIP early access
// before it, typed in the admin's own time zone (the browser's) and sent as instants.
import { useState } from "react";
import { useIntl, type MessageDescriptor } from "react-intl";
import { TextField } from "./fields";
import type { ErrorText } from "./errors";
import { catalogMessages as m } from "./messages";

export type ReleaseTimes = { releaseAt: string | null; earlyAccessAt: string | null };

const pad = (n: number) => String(n).padStart(2, "0");

/** An instant as a datetime-local value in this browser's time zone; "" for none. */
export function toLocalInput(iso: string | null): string {
  if (!iso) return "";
  const d = new Date(iso);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** A datetime-local value (this browser's time zone) as an instant; null for empty or unreadable. */
export function fromLocalInput(value: string): string | null {
  if (!value) return null;
  const ms = new Date(value).getTime();
  return Number.isNaN(ms) ? null : new Date(ms).toISOString();
}

/** The form's state for both times, and the check the server makes too (early access needs a release, before it). */
export function useReleaseTimes(item: ReleaseTimes | undefined) {
  const [releaseAt, setReleaseAt] = useState(toLocalInput(item?.releaseAt ?? null));
  const [earlyAccessAt, setEarlyAccessAt] = useState(toLocalInput(item?.earlyAccessAt ?? null));
  const value: ReleaseTimes = { releaseAt: fromLocalInput(releaseAt), earlyAccessAt: fromLocalInput(earlyAccessAt) };
  const problem: MessageDescriptor | null =
    value.earlyAccessAt === null
      ? null
      : value.releaseAt === null
        ? m.earlyAccessNeedsRelease
        : value.earlyAccessAt >= value.releaseAt
          ? m.earlyAccessOrder
          : null;
  const changed = !item || item.releaseAt !== value.releaseAt || item.earlyAccessAt !== value.earlyAccessAt;
  return { releaseAt, setReleaseAt, earlyAccessAt, setEarlyAccessAt, value, problem, changed };
}

export function ReleaseFields({ times, error }: { times: ReturnType<typeof useReleaseTimes>; error?: ErrorText }) {
  const intl = useIntl();
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  return (
    <fieldset className="catalog-choices">
      <legend>{intl.formatMessage(m.releaseLegend)}</legend>
      <TextField
        label={intl.formatMessage(m.releaseAt)}
        type="datetime-local"
        value={times.releaseAt}
        onChange={times.setReleaseAt}
        hint={intl.formatMessage(m.releaseAtHint, { zone })}
      />
      <TextField
        label={intl.formatMessage(m.earlyAccessAt)}
        type="datetime-local"
        value={times.earlyAccessAt}
        onChange={times.setEarlyAccessAt}
        hint={intl.formatMessage(m.earlyAccessAtHint)}
        error={error}
      />
    </fieldset>
  );
}
