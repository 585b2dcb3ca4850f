// One thing found, as the header's list and the /search page show it: its picture (or the kind's
// initial), title, second line (an event's date and time at its venue, in its zone, as its card
// says, and its place; a track's album, a post's author) and a "Coming soon" mark on a release not
// public yet. Plain text only: nothing found is read as HTML.
import { useIntl } from "react-intl";
import { formatWhen } from "../../lib/intlFormat";
import type { SearchItem } from "#contracts/search.ts";
import { searchMessages } from "./messages";

export function SearchResultRow({ item }: { item: SearchItem }) {
  const intl = useIntl();
  const when = item.date ? formatWhen(item.date, intl.locale, item.timeZone) : null;
  const second = [when?.date, when?.time, item.subtitle].filter(Boolean).join(" · ");
  return (
    <span className="search-row">
      {item.imageUrl ? (
        <img className="search-row-picture" src={item.imageUrl} alt="" width={40} height={40} loading="lazy" decoding="async" />
      ) : (
        <span className="search-row-picture search-row-initial" aria-hidden="true">
          {item.title.slice(0, 1).toUpperCase()}
        </span>
      )}
      <span className="search-row-text">
        <span className="search-row-title">{item.title}</span>
        {second && <span className="search-row-subtitle">{second}</span>}
      </span>
      {item.earlyAccess && <span className="search-row-badge">{intl.formatMessage(searchMessages.earlyAccess)}</span>}
    </span>
  );
}
