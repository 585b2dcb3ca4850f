// The code field and its button. A code that cannot be one is refused here before anything is
// sent; the Worker's refusals (unknown or void, already redeemed, too many tries) read as this
// page's own sentences at the field, which takes the focus so a screen reader says why.
import { useRef, useState, type FormEvent } from "react";
import { FormattedMessage, useIntl, type MessageDescriptor } from "react-intl";
import { FormField, focusFirstInvalid } from "../../components/form/FormField";
import { ApiRequestError } from "../../lib/api";
import { codeText, type ErrorTexts, type UiMessage } from "../../lib/forms/errorText";
import { GIFT_CODE_INPUT_MAX, normaliseGiftCode, type GiftRedeemResponse } from "#contracts/store/gift-model.ts";
import { redeemMessages as m } from "./messages";
import { useRedeemGift } from "./queries";

const SERVER_TEXTS: ErrorTexts = {
  gift_code_invalid: m.errorInvalid,
  gift_code_redeemed: m.errorRedeemed,
  gift_tier_below_held: m.errorBelowHeld,
  gift_tier_comp_running: m.errorCompRunning,
};

/** The tiers a refusal names (decision 116: each in both languages), in the reader's. */
function tierNames(params: Record<string, string | number> | undefined, portuguese: boolean) {
  if (!params) return params;
  const pick = (en: string, pt: string) => String(params[portuguese ? pt : en] ?? params[en] ?? "");
  return { ...params, held: pick("heldEn", "heldPtBR"), gift: pick("giftEn", "giftPtBR") };
}

/** A refusal as this page says it: its own texts first, then the site's (rate_limited), else a general failure. */
function failureText(err: unknown, portuguese: boolean): UiMessage {
  if (err instanceof ApiRequestError) {
    if (err.status === 401) return { message: m.errorSignedOut };
    const known = codeText(err.code, tierNames(err.params, portuguese), SERVER_TEXTS);
    if (known) return known;
  }
  return { message: m.errorFailed };
}

function localProblem(code: string): MessageDescriptor | null {
  if (!code.trim()) return m.errorRequired;
  return normaliseGiftCode(code) === null ? m.errorFormat : null;
}

export function RedeemForm({ initialCode, onRedeemed }: { initialCode: string; onRedeemed: (result: GiftRedeemResponse) => void }) {
  const intl = useIntl();
  const formRef = useRef<HTMLFormElement>(null);
  const [code, setCode] = useState(initialCode);
  const [error, setError] = useState<UiMessage | undefined>(undefined);
  const redeem = useRedeemGift();

  const fail = (problem: UiMessage) => {
    setError(problem);
    focusFirstInvalid(formRef.current);
  };

  const onSubmit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (redeem.isPending) return;
    const problem = localProblem(code);
    if (problem) return fail({ message: problem });
    setError(undefined);
    redeem.mutate(code, { onSuccess: onRedeemed, onError: (err) => fail(failureText(err, intl.locale.toLowerCase().startsWith("pt"))) });
  };

  return (
    <form ref={formRef} className="form redeem-form" noValidate onSubmit={onSubmit}>
      <FormField
        label={<FormattedMessage {...m.codeLabel} />}
        hint={<FormattedMessage {...m.codeHint} />}
        name="code"
        className="redeem-code-input"
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        maxLength={GIFT_CODE_INPUT_MAX}
        required
        value={code}
        onChange={(e) => {
          setCode(e.target.value);
          if (error) setError(undefined);
        }}
        error={error}
      />
      <button type="submit" className="btn btn-primary" disabled={redeem.isPending}>
        <FormattedMessage {...(redeem.isPending ? m.submitting : m.submit)} />
      </button>
    </form>
  );
}
