// An album's or a track's release times in its form: the public release and the VIP early access
// before it, typed in the admin's own time zone (the browser's) and sent as instants; and who hears
// the early access (decision 108): VIP and above, or a paid tier above VIP.
import { useState } from "react";
import { useIntl, type MessageDescriptor } from "react-intl";
import { SelectField, TextField } from "../components/form/fields";
import { useMinTierOptions } from "../components/form/MinTierField";
import type { ErrorText } from "../components/form/errors";
import { fromLocalInput, toLocalInput } from "../lib/localInput";
import { catalogMessages as m } from "./messages";

export type ReleaseTimes = { releaseAt: string | null; earlyAccessAt: string | null; earlyMinTierId: string | null };

/** The form's state for both times, and the check the server makes too (early access needs a release, before it). */
export function useReleaseTimes(item: ReleaseTimes | undefined) {
  const [releaseAt, setReleaseAt] = useState(toLocalInput(item?.releaseAt ?? null));
  const [earlyAccessAt, setEarlyAccessAt] = useState(toLocalInput(item?.earlyAccessAt ?? null));
  const [earlyMinTierId, setEarlyMinTierId] = useState(item?.earlyMinTierId ?? "");
  const value: ReleaseTimes = { releaseAt: fromLocalInput(releaseAt), earlyAccessAt: fromLocalInput(earlyAccessAt), earlyMinTierId: earlyMinTierId || null };
  const problem: MessageDescriptor | null =
    value.earlyAccessAt === null
      ? null
      : value.releaseAt === null
        ? m.earlyAccessNeedsRelease
        : value.earlyAccessAt >= value.releaseAt
          ? m.earlyAccessOrder
          : null;
  const changed =
    !item || item.releaseAt !== value.releaseAt || item.earlyAccessAt !== value.earlyAccessAt || (item.earlyMinTierId ?? null) !== value.earlyMinTierId;
  return { releaseAt, setReleaseAt, earlyAccessAt, setEarlyAccessAt, earlyMinTierId, setEarlyMinTierId, value, problem, changed };
}

export function ReleaseFields({ times, error, tierError }: { times: ReturnType<typeof useReleaseTimes>; error?: ErrorText; tierError?: ErrorText }) {
  const intl = useIntl();
  const tierOptions = useMinTierOptions(times.value.earlyMinTierId);
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
      <SelectField
        label={intl.formatMessage(m.earlyMinTier)}
        value={times.earlyMinTierId}
        options={tierOptions}
        onChange={times.setEarlyMinTierId}
        error={tierError}
      />
    </fieldset>
  );
}
