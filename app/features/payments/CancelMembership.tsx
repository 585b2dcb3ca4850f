// Cancelling on the site (decision 098): the member says why (a fixed list, or other in their own
// words) before the membership is set to end at its period's end; nothing changes until Confirm.
import { useState } from "react";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { FormattedMessage, useIntl } from "react-intl";
import type { MembershipResponse } from "#contracts/payments.ts";
import { CANCEL_REASONS } from "#contracts/tier-moves.ts";
import { ConfirmDialog } from "../../components/ConfirmDialog";
import { api } from "../../lib/api";
import { cancelReasonMessages as reasons, cancelMessages as m, vipMessages } from "./messages";
import { membershipQueryOptions, refreshAfterVipChange } from "./queries";

type Reason = (typeof CANCEL_REASONS)[number];

function CancelDialog({ onClose }: { onClose: () => void }) {
  const intl = useIntl();
  const queryClient = useQueryClient();
  const [reason, setReason] = useState<Reason | null>(null);
  const [other, setOther] = useState("");
  const cancel = useMutation({
    mutationFn: () =>
      api<MembershipResponse>("/api/payments/subscription/cancel", {
        method: "POST",
        json: { reason, ...(reason === "other" && other.trim() ? { other } : {}) },
      }),
    onSuccess: async (membership) => {
      queryClient.setQueryData(membershipQueryOptions().queryKey, membership);
      await refreshAfterVipChange(queryClient);
      onClose();
    },
  });
  return (
    <ConfirmDialog
      title={<FormattedMessage {...m.title} />}
      cancelLabel={<FormattedMessage {...m.keep} />}
      confirmLabel={<FormattedMessage {...m.confirm} />}
      busyLabel={<FormattedMessage {...vipMessages.processing} />}
      busy={cancel.isPending || reason === null}
      error={cancel.isError ? <FormattedMessage {...m.failed} /> : null}
      onConfirm={() => cancel.mutate()}
      onClose={onClose}
    >
      <fieldset>
        <legend>
          <FormattedMessage {...m.why} />
        </legend>
        {CANCEL_REASONS.map((r) => (
          <label key={r} className="radio-row">
            <input type="radio" name="cancel-reason" value={r} checked={reason === r} onChange={() => setReason(r)} /> <FormattedMessage {...reasons[r]} />
          </label>
        ))}
      </fieldset>
      {reason === "other" && (
        <label>
          <FormattedMessage {...m.otherLabel} />
          <textarea maxLength={500} value={other} onChange={(e) => setOther(e.target.value)} aria-label={intl.formatMessage(m.otherLabel)} />
        </label>
      )}
    </ConfirmDialog>
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
