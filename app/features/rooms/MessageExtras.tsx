// What a room message carries besides its text (decision 110): its pictures (loaded lazily, each a
// link that opens it in full size) and the cards of its links to the site's pages (each card one
// link, reachable by keyboard, with the page's title in the reader's language).
import { useIntl } from "react-intl";
import type { RoomLinkPreview, RoomPicture } from "#contracts/rooms/rooms.ts";
import { isPortuguese } from "./RoomLock";
import { roomsMessages as m } from "./messages";

/** Pictures are shown at most this wide; the height keeps the picture's proportions. */
const PICTURE_MAX_PX = 240;

export function MessagePictures({ pictures, author }: { pictures: RoomPicture[]; author: string }) {
  const intl = useIntl();
  if (pictures.length === 0) return null;
  return (
    <ul className="room-pictures">
      {pictures.map((picture, i) => {
        const scale = Math.min(1, PICTURE_MAX_PX / picture.width);
        return (
          <li key={picture.url}>
            <a href={picture.url} target="_blank" rel="noopener" title={intl.formatMessage(m.openPicture)}>
              <img
                src={picture.url}
                alt={intl.formatMessage(m.pictureAlt, { number: i + 1, name: author })}
                loading="lazy"
                decoding="async"
                width={Math.round(picture.width * scale)}
                height={Math.round(picture.height * scale)}
              />
            </a>
          </li>
        );
      })}
    </ul>
  );
}

function price(intl: ReturnType<typeof useIntl>, money: NonNullable<RoomLinkPreview["price"]>) {
  const inReais = isPortuguese(intl) && money.brl !== null;
  return intl.formatNumber((inReais ? money.brl! : money.usd) / 100, { style: "currency", currency: inReais ? "BRL" : "USD" });
}

export function LinkPreviews({ previews }: { previews: RoomLinkPreview[] }) {
  const intl = useIntl();
  if (previews.length === 0) return null;
  return (
    <ul className="room-previews" aria-label={intl.formatMessage(m.linkPreviews)}>
      {previews.map((card) => (
        <li key={card.path}>
          <a className="room-preview-card" href={card.path}>
            {card.imageUrl && <img src={card.imageUrl} alt="" loading="lazy" width={48} height={48} />}
            <span className="room-preview-text">
              <strong>{isPortuguese(intl) ? card.title.ptBR : card.title.en}</strong>
              {card.subtitle && <span className="muted">{card.subtitle}</span>}
              {card.date && <span className="muted">{intl.formatDate(card.date, { dateStyle: "medium" })}</span>}
              {card.price && <span className="muted">{price(intl, card.price)}</span>}
            </span>
          </a>
        </li>
      ))}
    </ul>
  );
}
