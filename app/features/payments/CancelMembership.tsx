// Cancelling on the site (decision 098): the member says why (a fixed list, or other in their own
// words) before the membership is set to end at its period's end; nothing changes until Confirm.
// Confirm first asks the Worker for the retention offer (decision 103): when it makes one, the
// member may stay with the discount or decline, which cancels. No offer cancels; an offer that
// cannot be read stops the cancel with an error, and Confirm tries again.
import { useState } from "react";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { FormattedMessage, useIntl } from "react-intl";
import type { MembershipResponse } from "#contracts/payments.ts";
import { CANCEL_REASONS, type CancelReason } from "#contracts/cancel-reasons.ts";
import { RETENTION_OFFER_API, type RetentionOfferResponse } from "#contracts/tiers/retention-offer-model.ts";
import { ConfirmDialog } from "../../components/ConfirmDialog";
import { api } from "../../lib/api";
import {
  cancelReasonMessages as reasons,
  cancelMessages as m,
  retentionMessages as r,
  retentionOfferMessage,
  retentionTaxAddedMessage,
  retentionTaxIncludedMessage,
  tierRenewalTaxAddedMessage,
  tierRenewalTaxIncludedMessage,
  vipMessages,
} from "./messages";
import { taxPlaceName } from "../../lib/intlFormat";
import { membershipQueryOptions, refreshAfterVipChange } from "./queries";

type Offer = NonNullable<RetentionOfferResponse["offer"]>;

const money = (intl: ReturnType<typeof useIntl>, cents: number, currency: string) =>
  intl.formatNumber(cents / 100, { style: "currency", currency: currency.toUpperCase(), minimumFractionDigits: 2, maximumFractionDigits: 2 });

function CancelDialog({ onClose }: { onClose: () => void }) {
  const intl = useIntl();
  const queryClient = useQueryClient();
  const [reason, setReason] = useState<CancelReason | null>(null);
  const [other, setOther] = useState("");
  const [offer, setOffer] = useState<Offer | null>(null);
  const done = async (membership: MembershipResponse) => {
    queryClient.setQueryData(membershipQueryOptions().queryKey, membership);
    await refreshAfterVipChange(queryClient);
    onClose();
  };
  const cancel = useMutation({
    mutationFn: (offerDeclined: boolean) =>
      api<MembershipResponse>("/api/payments/subscription/cancel", {
        method: "POST",
        json: { reason, ...(reason === "other" && other.trim() ? { other } : {}), ...(offerDeclined ? { offerDeclined: true } : {}) },
      }),
    onSuccess: done,
  });
  // The cancel waits for the offer: a read that fails shows an error and Confirm asks again, so
  // the offer is neither skipped unseen nor used up (only a "no" to an offer shown uses it up).
  const ask = useMutation({
    mutationFn: () => api<RetentionOfferResponse>(RETENTION_OFFER_API).then((res) => res.offer),
    onSuccess: (found) => (found ? setOffer(found) : cancel.mutate(false)),
  });
  const keep = useMutation({
    mutationFn: () => api<MembershipResponse>(`${RETENTION_OFFER_API}/accept`, { method: "POST" }),
    onSuccess: done,
  });
  const busy = cancel.isPending || ask.isPending || keep.isPending;
  return (
    <ConfirmDialog
      title={<FormattedMessage {...m.title} />}
      cancelLabel={<FormattedMessage {...m.keep} />}
      confirmLabel={<FormattedMessage {...(offer ? r.decline : m.confirm)} />}
      busyLabel={<FormattedMessage {...vipMessages.processing} />}
      busy={busy || reason === null}
      error={
        cancel.isError ? (
          <FormattedMessage {...m.failed} />
        ) : keep.isError ? (
          <FormattedMessage {...r.failed} />
        ) : ask.isError ? (
          <FormattedMessage {...r.readFailed} />
        ) : null
      }
      onConfirm={() => (offer ? cancel.mutate(true) : ask.mutate())}
      onClose={onClose}
    >
      {offer ? (
        <div data-testid="retention-offer">
          <p>
            <FormattedMessage
              {...retentionOfferMessage}
              values={{
                percent: offer.percentOff,
                periods: offer.periods,
                discounted: money(intl, offer.discountedCents, offer.currency),
                full: money(intl, offer.renewalCents, offer.currency),
              }}
            />
          </p>
          {offer.tax && <OfferTax offer={offer} tax={offer.tax} />}
          <button type="button" className="btn btn-primary" onClick={() => keep.mutate()} disabled={busy}>
            <FormattedMessage {...r.accept} />
          </button>
        </div>
      ) : (
        <CancelReasons reason={reason} setReason={setReason} other={other} setOther={setOther} />
      )}
    </ConfirmDialog>
  );
}

/** The tax each discounted renewal carries in the member's place: its amount, or only the place where the provider computes it. */
function OfferTax({ offer, tax }: { offer: Offer; tax: NonNullable<Offer["tax"]> }) {
  const intl = useIntl();
  const place = taxPlaceName(tax.jurisdiction, intl.locale);
  const added = tax.behavior === "exclusive";
  return (
    <p data-testid="retention-offer-tax">
      {tax.cents === null ? (
        <FormattedMessage {...(added ? retentionTaxAddedMessage : retentionTaxIncludedMessage)} values={{ place }} />
      ) : (
        <FormattedMessage
          {...(added ? tierRenewalTaxAddedMessage : tierRenewalTaxIncludedMessage)}
          values={{ place, tax: money(intl, tax.cents, offer.currency) }}
        />
      )}
    </p>
  );
}

type ReasonsProps = { reason: CancelReason | null; setReason: (r: CancelReason) => void; other: string; setOther: (v: string) => void };

function CancelReasons({ reason, setReason, other, setOther }: ReasonsProps) {
  const intl = useIntl();
  return (
    <>
      <fieldset>
        <legend>
          <FormattedMessage {...m.why} />
        </legend>
        {CANCEL_REASONS.map((key) => (
          <label key={key} className="form-choice">
            <input type="radio" name="cancel-reason" value={key} checked={reason === key} onChange={() => setReason(key)} />{" "}
            <FormattedMessage {...reasons[key]} />
          </label>
        ))}
      </fieldset>
      {reason === "other" && (
        <label>
          <FormattedMessage {...m.otherLabel} />
          <textarea maxLength={500} value={other} onChange={(e) => setOther(e.target.value)} aria-label={intl.formatMessage(m.otherLabel)} />
        </label>
      )}
    </>
  );
}

export function CancelMembership() {
  const [asking, setAsking] = useState(false);
  return (
    <>
      <button type="button" className="btn" onClick={() => setAsking(true)}>
        <FormattedMessage {...m.open} />
      </button>
      {asking && <CancelDialog onClose={() => setAsking(false)} />}
    </>
  );
}
