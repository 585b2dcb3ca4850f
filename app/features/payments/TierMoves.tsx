// The member's tier on the membership panel (decision 098): what it includes, a downgrade waiting
// for the period's end (with Keep my tier), and a button per move. A move is asked first in the one
// ConfirmDialog with what the Worker's preview says it costs now and what renews when; no money
// moves until the member confirms.
import { useState, type ReactNode } from "react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { FormattedMessage, useIntl } from "react-intl";
import type { MembershipResponse } from "#contracts/payments.ts";
import type { TierChangePreviewResponse } from "#contracts/tiers/moves.ts";
import { ConfirmDialog } from "../../components/ConfirmDialog";
import { CancelMembership } from "./CancelMembership";
import { api } from "../../lib/api";
import {
  tierChargeMessages,
  tierConfirmTitleMessage,
  tierDowngradeButtonMessage,
  tierDowngradeTermsMessage,
  tierLabelMessage,
  tierMoveMessages as m,
  tierPendingMessage,
  tierRenewalTaxAddedMessage,
  tierRenewalTaxIncludedMessage,
  tierTaxAddedMessage,
  tierTaxIncludedMessage,
  tierUpgradeButtonMessage,
  tierUpgradeTermsMessage,
  vipMessages,
} from "./messages";
import { membershipQueryOptions, refreshAfterVipChange } from "./queries";
import { taxPlaceName } from "../../lib/intlFormat";

type Move = NonNullable<MembershipResponse["moves"]>[number];

const money = (intl: ReturnType<typeof useIntl>, cents: number, currency: string) =>
  intl.formatNumber(cents / 100, { style: "currency", currency: currency.toUpperCase(), minimumFractionDigits: 2, maximumFractionDigits: 2 });

const localized = (intl: ReturnType<typeof useIntl>, text: { en: string; ptBR: string }) => (intl.locale === "pt-BR" ? text.ptBR : text.en);

function useAfterChange() {
  const queryClient = useQueryClient();
  return async (membership?: MembershipResponse) => {
    if (membership) queryClient.setQueryData(membershipQueryOptions().queryKey, membership);
    await refreshAfterVipChange(queryClient);
  };
}

function PreviewText({ preview, name }: { preview: TierChangePreviewResponse; name: string }) {
  const intl = useIntl();
  const values = {
    tier: name,
    now: money(intl, preview.totalNowCents, preview.currency),
    renewal: money(intl, preview.renewalCents, preview.currency),
    date: intl.formatDate(preview.renewsAt, { dateStyle: "long" }),
  };
  const place = preview.tax ? taxPlaceName(preview.tax.jurisdiction, intl.locale) : "";
  const added = preview.tax?.behavior === "exclusive";
  return (
    <>
      <p data-testid="tier-move-terms">
        {preview.kind === "upgrade" ? (
          <FormattedMessage {...tierUpgradeTermsMessage} values={values} />
        ) : (
          <FormattedMessage {...tierDowngradeTermsMessage} values={values} />
        )}
      </p>
      {preview.kind === "upgrade" && <ChargeLines preview={preview} place={place} />}
      {preview.tax && (
        <p data-testid="tier-move-renewal-tax">
          <FormattedMessage
            {...(added ? tierRenewalTaxAddedMessage : tierRenewalTaxIncludedMessage)}
            values={{ place, tax: money(intl, preview.renewalTaxCents, preview.currency) }}
          />
        </p>
      )}
    </>
  );
}

/** Subtotal, tax and total of today's charge, each a labelled row a reader (or a journey) finds by its test id. */
function ChargeLines({ preview, place }: { preview: TierChangePreviewResponse; place: string }) {
  const intl = useIntl();
  const row = (id: string, label: ReactNode, cents: number) => (
    <div>
      <dt>{label}</dt>
      <dd data-testid={id}>{money(intl, cents, preview.currency)}</dd>
    </div>
  );
  return (
    <dl className="tier-move-charge" aria-label={intl.formatMessage(tierChargeMessages.label)}>
      {preview.tax && row("tier-move-subtotal", <FormattedMessage {...tierChargeMessages.subtotal} />, preview.amountNowCents)}
      {preview.tax &&
        row(
          "tier-move-tax",
          <FormattedMessage {...(preview.tax.behavior === "exclusive" ? tierTaxAddedMessage : tierTaxIncludedMessage)} values={{ place }} />,
          preview.taxNowCents,
        )}
      {row("tier-move-total", <FormattedMessage {...tierChargeMessages.total} />, preview.totalNowCents)}
    </dl>
  );
}

function MoveDialog({ move, onClose }: { move: Move; onClose: () => void }) {
  const intl = useIntl();
  const after = useAfterChange();
  const body = { tierId: move.id, plan: move.plan };
  const preview = useQuery({
    queryKey: ["payments", "tier-move", move.id, move.plan],
    queryFn: () => api<TierChangePreviewResponse>("/api/payments/subscription/change/preview", { method: "POST", json: body }),
    // Priced for this moment: asked again each time the dialog opens.
    gcTime: 0,
    staleTime: 0,
  });
  const confirm = useMutation({
    // The preview's instant goes back, so the charge is the one shown to the cent.
    mutationFn: () =>
      api<TierChangePreviewResponse>("/api/payments/subscription/change", { method: "POST", json: { ...body, pricedAt: preview.data?.pricedAt } }),
    onSuccess: async () => {
      await after();
      onClose();
    },
  });
  const name = localized(intl, move.name);
  return (
    <ConfirmDialog
      title={<FormattedMessage {...tierConfirmTitleMessage} values={{ tier: name }} />}
      cancelLabel={<FormattedMessage {...m.keep} />}
      confirmLabel={<FormattedMessage {...m.confirm} />}
      tone="primary"
      busyLabel={<FormattedMessage {...vipMessages.processing} />}
      busy={confirm.isPending || !preview.data}
      error={preview.isError || confirm.isError ? <FormattedMessage {...(preview.isError ? m.previewFailed : m.failed)} /> : null}
      onConfirm={() => confirm.mutate()}
      onClose={onClose}
    >
      {preview.data ? (
        <PreviewText preview={preview.data} name={name} />
      ) : preview.isPending ? (
        <p aria-live="polite">
          <FormattedMessage {...m.loading} />
        </p>
      ) : null}
    </ConfirmDialog>
  );
}

function PendingChange({ membership }: { membership: MembershipResponse }) {
  const intl = useIntl();
  const after = useAfterChange();
  const keep = useMutation({
    mutationFn: () => api<MembershipResponse>("/api/payments/subscription/change", { method: "DELETE" }),
    onSuccess: (membership) => after(membership),
  });
  const pending = membership.pendingChange;
  if (!pending) return null;
  const name = membership.moves?.find((mv) => mv.id === pending.tierId)?.name;
  return (
    <div className="info-banner" data-testid="tier-pending-change">
      <FormattedMessage
        {...tierPendingMessage}
        values={{ tier: name ? localized(intl, name) : pending.tierId, date: pending.startsAt ? intl.formatDate(pending.startsAt, { dateStyle: "long" }) : "" }}
      />{" "}
      <button type="button" className="btn btn-ghost" disabled={keep.isPending} onClick={() => keep.mutate()}>
        <FormattedMessage {...(keep.isPending ? vipMessages.processing : m.keepCurrent)} />
      </button>
      {keep.isError && (
        <p className="error-banner" role="alert">
          <FormattedMessage {...m.failed} />
        </p>
      )}
    </div>
  );
}

export function TierMoves({ membership }: { membership: MembershipResponse }) {
  const intl = useIntl();
  const [asking, setAsking] = useState<Move | null>(null);
  const tier = membership.tier;
  if (!tier) return null;
  const benefits = intl.locale === "pt-BR" ? tier.benefits.ptBR : tier.benefits.en;
  return (
    <div className="tier-moves">
      <p data-testid="membership-tier">
        <FormattedMessage {...tierLabelMessage} values={{ tier: localized(intl, tier.name) }} />
      </p>
      {benefits.length > 0 && (
        <ul className="tier-benefits">
          {benefits.map((b) => (
            <li key={b}>{b}</li>
          ))}
        </ul>
      )}
      <PendingChange membership={membership} />
      {(membership.moves ?? []).length > 0 && (
        <div className="form-actions">
          {membership.moves!.map((move) => (
            <button
              key={`${move.id}:${move.plan}`}
              type="button"
              className={move.kind === "upgrade" ? "btn btn-primary" : "btn"}
              onClick={() => setAsking(move)}
            >
              <FormattedMessage
                {...(move.kind === "upgrade" ? tierUpgradeButtonMessage : tierDowngradeButtonMessage)}
                values={{ tier: localized(intl, move.name), plan: intl.formatMessage(move.plan === "yearly" ? m.yearly : m.monthly) }}
              />
            </button>
          ))}
        </div>
      )}
      {membership.status === "active" && (
        <div className="form-actions">
          <CancelMembership />
        </div>
      )}
      {asking && <MoveDialog move={asking} onClose={() => setAsking(null)} />}
    </div>
  );
}
