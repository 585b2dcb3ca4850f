// A refund: everything that is left, or part of it typed in the order's currency. One attempt id
// per dialog, so a retried click is the same refund at the payment provider. When a member already
// redeemed the order's gift code, the dialog says who and how much of its VIP time is left, and the
// admin must choose whether they keep it or it is taken back (the Worker asks for the choice too).
import { useId, useState } from "react";
import { useIntl } from "react-intl";
import type { GiftTimeChoice, OrderDetail, RefundResponse } from "#contracts/store/admin-orders.ts";
import { ApiRequestError } from "../../../lib/api";
import type { ErrorText } from "../components/form/errors";
import { TextField } from "../components/form/fields";
import { FormDialog } from "../components/form/FormDialog";
import { requestError } from "./errors";
import { centsOf, formatCents } from "./format";
import { ordersMessages as m } from "./messages";
import { useRefundOrder } from "./queries";

type Props = { order: OrderDetail; onClose: () => void; onRefunded: (result: RefundResponse) => void };

const DAY_MS = 24 * 60 * 60 * 1000;

export function RefundDialog({ order, onClose, onRefunded }: Props) {
  const intl = useIntl();
  const name = useId();
  const [attemptId] = useState(() => crypto.randomUUID());
  const [whole, setWhole] = useState(true);
  const [amount, setAmount] = useState("");
  const [amountError, setAmountError] = useState<ErrorText | null>(null);
  const [formError, setFormError] = useState<ErrorText | null>(null);
  const giftName = useId();
  const [giftTime, setGiftTime] = useState<GiftTimeChoice | null>(null);
  const openGifts = order.redeemedGifts.filter((g) => !g.settled);
  const refund = useRefundOrder(order.id);
  const left = order.refundableCents;
  const leftText = formatCents(intl, left, order.currency);

  const submit = () => {
    setFormError(null);
    const cents = whole ? left : centsOf(amount);
    if (!cents) return setAmountError({ message: m.errorAmount });
    if (cents > left) return setAmountError({ message: m.errorOverRemaining, values: { amount: leftText } });
    setAmountError(null);
    if (openGifts.length > 0 && !giftTime) return setFormError({ message: m.errorGiftTime });
    refund.mutate(
      { amountCents: cents, attemptId, ...(openGifts.length > 0 && giftTime ? { giftTime } : {}) },
      {
        onSuccess: onRefunded,
        onError: (err) => {
          // Someone else refunded meanwhile: what is left now, in money.
          if (err instanceof ApiRequestError && err.code === "refund_over_remaining" && typeof err.params?.max === "number") {
            return setAmountError({ message: m.errorOverRemaining, values: { amount: formatCents(intl, err.params.max, order.currency) } });
          }
          const { field, error } = requestError(err, ["amountCents"] as const);
          if (field) setAmountError(error);
          else setFormError(error);
        },
      },
    );
  };

  return (
    <FormDialog
      title={`${intl.formatMessage(m.refundTitle)} · #${order.number}`}
      onClose={onClose}
      onSubmit={submit}
      pending={refund.isPending}
      submit={m.refundSubmit}
      submitting={m.refundSubmitting}
      error={formError}
    >
      <p>{intl.formatMessage(m.refundLeft, { amount: leftText })}</p>
      <fieldset className="orders-refund-choice">
        <legend className="sr-only">{intl.formatMessage(m.refundTitle)}</legend>
        <label>
          <input type="radio" name={name} checked={whole} onChange={() => setWhole(true)} /> {intl.formatMessage(m.refundWhole)} ({leftText})
        </label>
        <label>
          <input type="radio" name={name} checked={!whole} onChange={() => setWhole(false)} /> {intl.formatMessage(m.refundPart)}
        </label>
      </fieldset>
      {whole ? (
        <p className="field-hint">{intl.formatMessage(m.refundWholeHint)}</p>
      ) : (
        <TextField
          label={`${intl.formatMessage(m.refundAmountLabel)} (${order.currency.toUpperCase()})`}
          value={amount}
          onChange={setAmount}
          required
          autoFocus
          error={amountError}
        />
      )}
      {openGifts.length > 0 && (
        <fieldset className="orders-refund-choice">
          <legend>{intl.formatMessage(m.giftTimeLegend)}</legend>
          {openGifts.map((g) => (
            <p key={g.code}>
              {intl.formatMessage(m.giftRedeemed, {
                code: g.code,
                who: g.redeemer ?? intl.formatMessage(m.giftRedeemerGone),
                days: Math.ceil(g.remainingMs / DAY_MS),
              })}
            </p>
          ))}
          <label>
            <input type="radio" name={giftName} checked={giftTime === "keep"} onChange={() => setGiftTime("keep")} /> {intl.formatMessage(m.giftTimeKeep)}
          </label>
          <label>
            <input type="radio" name={giftName} checked={giftTime === "revoke"} onChange={() => setGiftTime("revoke")} /> {intl.formatMessage(m.giftTimeRevoke)}
          </label>
        </fieldset>
      )}
      {whole && amountError && (
        <p className="field-error" role="alert">
          {"text" in amountError ? amountError.text : intl.formatMessage(amountError.message, amountError.values)}
        </p>
      )}
    </FormDialog>
  );
}
