// Asked before a plan switch in the local portal: the one ConfirmDialog, with what the switch comes
// to as the Worker computes it (GET .../switch/:plan): the new price and renewal, the unused part
// of the current plan credited, what is charged now and any credit kept. Nothing is switched until
// the member confirms; Cancel (or Escape) leaves the plan as it is.
import { useQuery } from "@tanstack/react-query";
import { FormattedMessage, useIntl } from "react-intl";
import type { LocalSwitchTermsResponse } from "#contracts/payments.ts";
import type { VipPlan } from "#contracts/vip-plans.ts";
import { ConfirmDialog } from "../../components/ConfirmDialog";
import { api } from "../../lib/api";
import { switchPlanMessages as m, vipMessages } from "./messages";

const money = (intl: ReturnType<typeof useIntl>, cents: number, currency: string) =>
  intl.formatNumber(cents / 100, { style: "currency", currency, minimumFractionDigits: 2, maximumFractionDigits: 2 });

export const switchTermsQueryOptions = (plan: VipPlan) => ({
  queryKey: ["vip", "switch-terms", plan] as const,
  queryFn: ({ signal }: { signal: AbortSignal }) => api<LocalSwitchTermsResponse>(`/api/payments/local/subscription/switch/${plan}`, { signal }),
  // Worked out for this moment: asked again each time the dialog opens.
  gcTime: 0,
  staleTime: 0,
});

function Terms({ terms }: { terms: LocalSwitchTermsResponse }) {
  const intl = useIntl();
  const amount = (cents: number) => money(intl, cents, terms.currency);
  const renewal = intl.formatDate(terms.periodEnd, { dateStyle: "long" });
  return (
    <>
      <p>
        {terms.plan === "yearly" ? (
          <FormattedMessage {...m.newYearly} values={{ price: amount(terms.priceCents), date: renewal }} />
        ) : (
          <FormattedMessage {...m.newMonthly} values={{ price: amount(terms.priceCents), date: renewal }} />
        )}
      </p>
      <p>
        <FormattedMessage {...m.credit} values={{ credit: amount(terms.creditCents) }} />{" "}
        <strong>
          <FormattedMessage {...m.charge} values={{ charge: amount(terms.chargeCents) }} />
        </strong>
      </p>
      {terms.leftoverCents > 0 && (
        <p>
          <FormattedMessage {...m.leftover} values={{ leftover: amount(terms.leftoverCents) }} />
        </p>
      )}
    </>
  );
}

export function SwitchPlanDialog({
  plan,
  busy,
  failed,
  onConfirm,
  onClose,
}: {
  plan: VipPlan;
  busy: boolean;
  failed: boolean;
  onConfirm: () => void;
  onClose: () => void;
}) {
  const terms = useQuery(switchTermsQueryOptions(plan));
  return (
    <ConfirmDialog
      title={<FormattedMessage {...(plan === "yearly" ? m.titleYearly : m.titleMonthly)} />}
      cancelLabel={<FormattedMessage {...m.keep} />}
      confirmLabel={<FormattedMessage {...m.confirm} />}
      busyLabel={<FormattedMessage {...vipMessages.processing} />}
      // Only terms the Worker gave can be agreed to.
      busy={busy || !terms.data}
      error={failed || terms.isError ? <FormattedMessage {...(terms.isError ? m.termsFailed : m.failed)} /> : null}
      onConfirm={onConfirm}
      onClose={onClose}
    >
      {terms.data ? (
        <Terms terms={terms.data} />
      ) : terms.isPending ? (
        <p aria-live="polite">
          <FormattedMessage {...m.loading} />
        </p>
      ) : null}
    </ConfirmDialog>
  );
}
