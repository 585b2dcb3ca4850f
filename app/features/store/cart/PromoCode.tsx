// The cart's promotion code. Apply asks the Worker to price the cart with it first: a code it takes
// is kept with the cart ("Code X applied"); one it refuses is said with its reason (VIP only, ended,
// not valid yet, for other products, used up, unknown) and not kept, so the cart, its totals and
// its checkout stay as they were. A kept code the Worker stops taking is removed, saying why.
import { useId, useState } from "react";
import { FormattedMessage, useIntl } from "react-intl";
import { ApiRequestError } from "../../../lib/api";
import { serverErrorText } from "../../../lib/forms/errorText";
import { STORE_ERROR_TEXTS } from "../errorTexts";
import { cartMessages as m } from "./messages";

/** A refusal of the code itself (the Worker's promo_code_* codes), as opposed to one of the cart's lines. */
export const isPromoRefusal = (error: unknown): error is ApiRequestError => error instanceof ApiRequestError && error.code.startsWith("promo_code_");

function Reason({ error }: { error: unknown }) {
  const known = serverErrorText(error, STORE_ERROR_TEXTS);
  return known ? <FormattedMessage {...known.message} values={known.values} /> : <FormattedMessage {...m.quoteFailed} />;
}

type Props = {
  applied: string | null;
  onTry: (code: string) => Promise<void>;
  onRemove: () => void;
  /** A kept code the Worker refused since, and why. */
  dropped: { code: string; error: unknown } | null;
};

export function PromoCode({ applied, onTry, onRemove, dropped }: Props) {
  const id = useId();
  const intl = useIntl();
  const [text, setText] = useState("");
  const [trying, setTrying] = useState(false);
  const [refused, setRefused] = useState<{ code: string; error: unknown } | null>(null);
  if (applied) {
    return (
      <p className="cart-promo-applied" role="status">
        <FormattedMessage {...m.promoApplied} values={{ code: applied }} />{" "}
        <button type="button" className="btn btn-ghost btn-sm" onClick={onRemove}>
          <FormattedMessage {...m.removePromo} />
        </button>
      </p>
    );
  }
  const apply = async () => {
    const code = text.trim().toUpperCase().slice(0, 40);
    if (!code || trying) return;
    setTrying(true);
    setRefused(null);
    try {
      await onTry(code);
      setText("");
    } catch (error) {
      setRefused({ code, error });
    } finally {
      setTrying(false);
    }
  };
  const problem = refused ?? dropped;
  return (
    <div className="cart-field cart-promo">
      <label htmlFor={id}>
        <FormattedMessage {...m.promo} />
      </label>
      <div className="cart-promo-row">
        <input
          id={id}
          type="text"
          autoComplete="off"
          autoCapitalize="characters"
          maxLength={40}
          value={text}
          aria-invalid={refused !== null}
          aria-describedby={problem ? `${id}-problem` : undefined}
          onChange={(event) => setText(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === "Enter") {
              event.preventDefault();
              void apply();
            }
          }}
        />
        <button type="button" className="btn btn-ghost btn-sm" onClick={() => void apply()} disabled={trying}>
          {trying ? intl.formatMessage(m.promoChecking) : <FormattedMessage {...m.apply} />}
        </button>
      </div>
      {problem && (
        <p id={`${id}-problem`} className="field-error" role="alert">
          <FormattedMessage {...(refused ? m.promoRefused : m.promoDropped)} values={{ code: problem.code }} /> <Reason error={problem.error} />
        </p>
      )}
    </div>
  );
}
