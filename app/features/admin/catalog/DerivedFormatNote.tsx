// How a master's other lossless format stands (decision 121): being made by the queue job, made and
// sold too, or not made (the master sells in its own format only). Nothing without a master.
import { useIntl } from "react-intl";
import type { AdminTrack } from "#contracts/music/admin-catalog.ts";
import { catalogMessages as m } from "./messages";

type Derived = Pick<AdminTrack, "master" | "derivedFormat" | "derivedState">;

export function DerivedFormatNote({ track, className }: { track: Derived; className?: string }) {
  const intl = useIntl();
  const { master, derivedFormat, derivedState } = track;
  if (!master || !derivedFormat || !derivedState) return null;
  const format = derivedFormat.toUpperCase();
  const text =
    derivedState === "pending"
      ? intl.formatMessage(m.derivedPending, { format })
      : derivedState === "done"
        ? intl.formatMessage(m.derivedDone, { format })
        : intl.formatMessage(m.derivedFailed, { format, master: master.toUpperCase() });
  return <span className={className}>{text}</span>;
}
