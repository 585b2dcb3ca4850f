// The printable gift card (/redeem/card/$code): the artist's picture, "A gift of N months of {tier}",
// the code in large type and a QR code of the address that redeems it, with a Print button. Only
// its buyer (and an administrator) gets its data; anyone else is told there is no card here. On
// paper (redeem.css, @media print) only the card is printed, black on white.
import { tierNameIn } from "../../lib/tiers/tierGate";
import { useQuery } from "@tanstack/react-query";
import { lazy, Suspense } from "react";
import { FormattedMessage, useIntl } from "react-intl";
import { Loading } from "../../components/Loading";
import { QueryState } from "../../components/QueryState";
import { ApiRequestError } from "../../lib/api";
import { artistQueryOptions } from "../../lib/artist";
import type { GiftCardResponse } from "#contracts/store/gift-model.ts";
import RedeemMessages from "./messages?feature";
import { redeemMessages as m } from "./messages";
import { giftCardQueryOptions } from "./queries";
import "./redeem.css";

const QrSvg = lazy(() => import("../../components/QrSvg"));

export function GiftCardPage({ code }: { code: string }) {
  return (
    <RedeemMessages>
      <GiftCardContent code={code} />
    </RedeemMessages>
  );
}

function GiftCardContent({ code }: { code: string }) {
  const intl = useIntl();
  const query = useQuery(giftCardQueryOptions(code));
  if (query.error instanceof ApiRequestError && query.error.status === 404) {
    return (
      <p className="muted redeem-card-missing">
        <FormattedMessage {...m.cardNotFound} />
      </p>
    );
  }
  return (
    <QueryState query={query} loading={intl.formatMessage(m.loading)} failed={intl.formatMessage(m.cardLoadFailed)} retry={intl.formatMessage(m.retry)}>
      {(card) => <GiftCard card={card} />}
    </QueryState>
  );
}

function GiftCard({ card }: { card: GiftCardResponse }) {
  const intl = useIntl();
  const artist = useQuery(artistQueryOptions()).data;
  const address = new URL(card.redeemUrl);
  return (
    <>
      <article className="gift-card-sheet" aria-labelledby="gift-card-title">
        {artist && (
          <img
            className="gift-card-portrait"
            src={artist.portraitUrl}
            alt={intl.formatMessage(m.portraitAlt, { name: artist.name })}
            width={480}
            height={600}
          />
        )}
        <div className="gift-card-body">
          <p className="gift-card-eyebrow">
            <FormattedMessage {...m.cardEyebrow} />
          </p>
          <h2 id="gift-card-title" className="gift-card-title">
            <FormattedMessage {...m.cardGift} values={{ months: card.months, artist: artist?.name ?? "", tier: tierNameIn(intl, card.tier) }} />
          </h2>
          <p className="gift-card-code-label">
            <FormattedMessage {...m.cardCodeLabel} />
          </p>
          <p className="gift-card-code">{card.code}</p>
          <div className="gift-card-qr-wrap">
            <Suspense fallback={<Loading />}>
              <QrSvg text={card.redeemUrl} label={intl.formatMessage(m.cardQrLabel)} className="gift-card-qr" testId="gift-card-qr" />
            </Suspense>
          </div>
          <p className="gift-card-how">
            <FormattedMessage {...m.cardHow} values={{ address: `${address.host}${address.pathname}` }} />
          </p>
        </div>
      </article>
      <CardState card={card} />
      <div className="redeem-actions gift-card-actions">
        <button type="button" className="btn btn-primary" onClick={() => window.print()}>
          <FormattedMessage {...m.print} />
        </button>
      </div>
    </>
  );
}

/** Said beside the card, never printed on it: whether the code was used or voided. */
function CardState({ card }: { card: GiftCardResponse }) {
  const intl = useIntl();
  if (card.state === "redeemed" && card.redeemedAt) {
    return (
      <p className="gift-card-state" role="status">
        <FormattedMessage {...m.cardRedeemed} values={{ username: card.redeemedBy ?? "", date: intl.formatDate(card.redeemedAt, { dateStyle: "long" }) }} />
      </p>
    );
  }
  if (card.state === "void") {
    return (
      <p className="gift-card-state" role="status">
        <FormattedMessage {...m.cardVoid} />
      </p>
    );
  }
  return null;
}
