// Where an album or a track stands, said once: in early access, to VIPs and admins that it is out
// early for them and when it is out for everyone; to everyone else, when it comes out and that VIPs
// are listening now. An album sold as a pre-order says so, and the day it comes out. Once released, the year it came out. The year is never shown beside an early
// access note (an album's year is what the back office typed, which may be years before its date).
import { FormattedMessage, useIntl } from "react-intl";
import { canUseVipContent, useSessionUser } from "../../../lib/session/useSession";
import { musicMessages } from "./messages";

/**
 * The date is written in UTC: the server renders the page and the browser hydrates it, so both
 * must write the same text whatever their time zones.
 */
type Release = { earlyAccess: boolean; releaseAt: string | null; preorder?: boolean };

/** True while an item is not out for everyone: it says when it is, never a year. */
export const isComing = (item: Release): item is Release & { releaseAt: string } => item.earlyAccess && item.releaseAt !== null;

export function ReleaseNote({ item }: { item: Release }) {
  const intl = useIntl();
  const { user } = useSessionUser();
  if (!isComing(item)) return null;
  const date = intl.formatDate(item.releaseAt, { dateStyle: "long", timeZone: "UTC" });
  const message = item.preorder ? musicMessages.preorderComing : canUseVipContent(user) ? musicMessages.earlyAccessVip : musicMessages.comingForVips;
  return <span className="release-note">{intl.formatMessage(message, { date })}</span>;
}

/** An album's release in its header: "Released in {year}", or its early-access note while it is coming. */
export function ReleaseLine({ item, year }: { item: Release; year: number }) {
  return isComing(item) ? <ReleaseNote item={item} /> : <FormattedMessage {...musicMessages.releasedIn} values={{ year }} />;
}
