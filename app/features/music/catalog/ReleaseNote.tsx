// What an album or a track in early access says of itself: to VIPs and admins, that they are
// hearing it first; to everyone else, when it comes out and that VIPs are listening now.
import { useIntl } from "react-intl";
import { canUseVipContent, useSessionUser } from "../../../lib/session/useSession";
import { musicMessages } from "./messages";

/**
 * The date is written in UTC: the server renders the page and the browser hydrates it, so both
 * must write the same text whatever their time zones.
 */
export function ReleaseNote({ item }: { item: { earlyAccess: boolean; releaseAt: string | null } }) {
  const intl = useIntl();
  const { user } = useSessionUser();
  if (!item.earlyAccess || !item.releaseAt) return null;
  const date = intl.formatDate(item.releaseAt, { dateStyle: "long", timeZone: "UTC" });
  const message = canUseVipContent(user) ? musicMessages.earlyAccessVip : musicMessages.comingForVips;
  return <span className="release-note">{intl.formatMessage(message, { date })}</span>;
}
