// The name-your-price field: an amount in the shown currency, starting at the suggested one, with
// its minimum beside it ("$7.00 or more"; free products say so) and what is wrong with a typed one.
import { FormattedMessage, useIntl } from "react-intl";
import { STORE_LIMITS, type Currency } from "#contracts/store/model.ts";
import { checkAmount } from "./amount";
import { useFormatCents } from "./currency";
import { storeMessages as m } from "./messages";

type Props = { id: string; label?: string; text: string; minCents: number; currency: Currency; onChange: (text: string) => void; showProblem: boolean };

export function NameYourPrice({ id, label, text, minCents, currency, onChange, showProblem }: Props) {
  const intl = useIntl();
  const format = useFormatCents();
  const check = checkAmount(text, minCents);
  const problem = showProblem ? check.problem : null;
  const problemText =
    problem === "low"
      ? intl.formatMessage(m.nypTooLow, { min: format(minCents, currency) })
      : problem === "high"
        ? intl.formatMessage(m.nypTooHigh, { max: format(STORE_LIMITS.maxPayWhatYouWantCents, currency) })
        : problem === "invalid"
          ? intl.formatMessage(m.nypInvalid, { example: format(Math.max(minCents, 700), currency) })
          : null;
  return (
    <div className="store-nyp">
      <label htmlFor={id}>{label ?? <FormattedMessage {...m.nypLabel} />}</label>
      <div className="store-nyp-input">
        <span aria-hidden="true">{currency === "brl" ? "R$" : "$"}</span>
        <input
          id={id}
          type="text"
          inputMode="decimal"
          autoComplete="off"
          value={text}
          onChange={(event) => onChange(event.target.value)}
          aria-invalid={problem !== null}
          aria-describedby={`${id}-hint${problem ? ` ${id}-problem` : ""}`}
        />
      </div>
      <p id={`${id}-hint`} className="muted store-nyp-hint">
        {minCents === 0 ? <FormattedMessage {...m.nypFree} /> : <FormattedMessage {...m.nypHint} values={{ min: format(minCents, currency) }} />}
      </p>
      {problemText && (
        <p id={`${id}-problem`} className="field-error" role="alert">
          {problemText}
        </p>
      )}
    </div>
  );
}
