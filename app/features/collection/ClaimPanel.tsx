// Claiming purchases made as a guest with another address: the member types it and the Worker
// mails it a one-time link (the answer is the same whether it bought anything); that link opens
// /collection?claim=<token>, where useClaimFromLink uses it once, signed in, and ClaimResult says
// what it added.
import { useEffect, useRef, useState, type FormEvent } from "react";
import { useIntl } from "react-intl";
import { FormField, UiText } from "../../components/form/FormField";
import { serverErrorText, type UiMessage } from "../../lib/forms/errorText";
import { COLLECTION_TEXTS } from "./errors";
import { collectionMessages as m } from "./messages";
import { useClaimConfirm, useClaimRequest } from "./queries";

export function ClaimPanel() {
  const intl = useIntl();
  const request = useClaimRequest();
  const [email, setEmail] = useState("");
  const error: UiMessage | undefined = request.error ? (serverErrorText(request.error, COLLECTION_TEXTS) ?? { message: m.claimFailed }) : undefined;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (email.trim()) request.mutate(email.trim());
  };

  return (
    <section className="card collection-claim" aria-labelledby="collection-claim-heading">
      <h2 id="collection-claim-heading">{intl.formatMessage(m.claimHeading)}</h2>
      <p className="muted">{intl.formatMessage(m.claimIntro)}</p>
      <form className="form collection-claim-form" onSubmit={submit} noValidate>
        <FormField
          label={intl.formatMessage(m.claimEmail)}
          type="email"
          autoComplete="email"
          required
          maxLength={254}
          value={email}
          error={error}
          onChange={(e) => {
            setEmail(e.target.value);
            request.reset();
          }}
        />
        <div className="form-actions">
          <button type="submit" className="btn btn-primary btn-sm" disabled={request.isPending || !email.trim()}>
            {intl.formatMessage(request.isPending ? m.claimSending : m.claimSend)}
          </button>
        </div>
      </form>
      <div role="status">{request.data && <p className="success-banner">{intl.formatMessage(m.claimSent, { email: request.data.sentTo })}</p>}</div>
    </section>
  );
}

/**
 * Uses the claim link's token once on arrival, then tells `onDone` (the page drops it from its
 * address); the answer stays with the page, for ClaimResult to say.
 */
export function useClaimFromLink(token: string | undefined, onDone: () => void) {
  const confirm = useClaimConfirm();
  const sent = useRef<string | null>(null);
  const { mutate } = confirm;
  useEffect(() => {
    if (!token || sent.current === token) return;
    sent.current = token;
    mutate(token, { onSettled: onDone });
  }, [token, mutate, onDone]);
  return confirm;
}

export function ClaimResult({ confirm }: { confirm: ReturnType<typeof useClaimConfirm> }) {
  const intl = useIntl();
  if (confirm.isIdle) return null;
  if (confirm.isPending)
    return (
      <p className="info-banner" role="status">
        {intl.formatMessage(m.claiming)}
      </p>
    );
  if (confirm.isError) {
    const text = serverErrorText(confirm.error, COLLECTION_TEXTS) ?? { message: m.claimConfirmFailed };
    return (
      <p className="error-banner" role="alert">
        <UiText value={text} />
      </p>
    );
  }
  return (
    <p className="success-banner" role="status">
      {intl.formatMessage(m.claimed, { count: confirm.data.claimed.orders })}
    </p>
  );
}
