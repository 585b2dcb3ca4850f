// The gift codes the member bought: the code, how many months of which tier, its state (redeemed names
// the member by username only), and a link to its printable card.
import { useIntl } from "react-intl";
import type { CollectionGiftCode } from "#contracts/store/collection.ts";
import { collectionMessages as m, giftStateMessages } from "./messages";
import { tierNameIn } from "../../lib/tiers/tierGate";

/** The printable card with its QR code (the gift's own page, /redeem/card/<code>). */
export const giftCardPath = (code: string) => `/redeem/card/${encodeURIComponent(code)}`;

export function GiftCodesList({ giftCodes }: { giftCodes: CollectionGiftCode[] }) {
  const intl = useIntl();
  return (
    <ul className="collection-gifts">
      {giftCodes.map((gift) => (
        <li key={gift.code} className="card collection-gift">
          <code className="collection-gift-code">{gift.code}</code>
          <span>{intl.formatMessage(m.giftMonths, { months: gift.months, tier: tierNameIn(intl, gift.tier) })}</span>
          <span className={`badge collection-gift-${gift.state}`}>{intl.formatMessage(giftStateMessages[gift.state])}</span>
          {gift.redeemedBy && <span className="muted">{intl.formatMessage(m.redeemedBy, { username: gift.redeemedBy })}</span>}
          {gift.state === "unredeemed" && (
            <a className="btn btn-ghost btn-sm" href={giftCardPath(gift.code)} aria-label={intl.formatMessage(m.printCardNamed, { code: gift.code })}>
              {intl.formatMessage(m.printCard)}
            </a>
          )}
        </li>
      ))}
    </ul>
  );
}
