// The pages the visitor's "Notify me" mails link to (decision 057): /notify-me/confirm?token=…
// starts the wait, /notify-me/cancel?t=… withdraws every request of the address not yet told.
// Opening a page changes nothing by itself (a link scanner's GET spends nothing): each POSTs its
// token once, then says what happened.
import { useMutation } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { useEffect, useRef } from "react";
import { useIntl, type MessageDescriptor } from "react-intl";
import { api, ApiRequestError } from "../../lib/api";
import { NOTIFY_API, type NotifyCancelResponse, type NotifyConfirmResponse } from "#contracts/notify-me-model.ts";
import { notifyPageMessages as m } from "./messages";

/** Posts `value` once, even when React runs the effect twice (StrictMode). */
function usePostOnce<T>(path: string, body: (value: string) => unknown, value: string | undefined) {
  const post = useMutation({ mutationFn: (v: string) => api<T>(path, { method: "POST", json: body(v) }) });
  const sent = useRef(false);
  useEffect(() => {
    if (!value || sent.current) return;
    sent.current = true;
    post.mutate(value);
  }, [value, post]);
  return post;
}

const codeOf = (error: unknown) => (error instanceof ApiRequestError ? error.code : undefined);

function Failure({ message }: { message: MessageDescriptor }) {
  const intl = useIntl();
  return (
    <div className="card notify-link-page">
      <p role="alert">{intl.formatMessage(message)}</p>
      <Link to="/">{intl.formatMessage(m.toHome)}</Link>
    </div>
  );
}

/** Where the confirmed request's item is on the site. */
const itemLink = (item: NotifyConfirmResponse) =>
  item.kind === "event"
    ? { to: "/events" as const, hash: `event-${item.id}` }
    : item.kind === "album"
      ? { to: `/music/catalog/${item.id}` }
      : { to: `/music/track/${item.id}` };

export function NotifyConfirmPage({ token }: { token?: string }) {
  const intl = useIntl();
  const confirm = usePostOnce<NotifyConfirmResponse>(`${NOTIFY_API}/confirm`, (value) => ({ token: value }), token);
  if (!token) return <Failure message={m.invalid} />;
  if (confirm.isError) {
    const code = codeOf(confirm.error);
    return <Failure message={code === "notify_link_expired" ? m.expired : code === "notify_link_invalid" ? m.invalid : m.failed} />;
  }
  if (!confirm.data) {
    return (
      <div className="card notify-link-page">
        <p role="status">{intl.formatMessage(m.confirming)}</p>
      </div>
    );
  }
  const link = itemLink(confirm.data);
  return (
    <div className="card notify-link-page">
      <p role="status">{intl.formatMessage(m.confirmed)}</p>
      <a href={link.hash ? `${link.to}#${link.hash}` : link.to}>{intl.formatMessage(m.toItem)}</a>
    </div>
  );
}

export function NotifyCancelPage({ t }: { t?: string }) {
  const intl = useIntl();
  const cancel = usePostOnce<NotifyCancelResponse>(`${NOTIFY_API}/cancel`, (value) => ({ t: value }), t);
  if (!t) return <Failure message={m.invalid} />;
  if (cancel.isError) return <Failure message={codeOf(cancel.error) === "notify_link_invalid" ? m.invalid : m.failed} />;
  return (
    <div className="card notify-link-page">
      <p role="status">{intl.formatMessage(cancel.isSuccess ? m.cancelled : m.cancelling)}</p>
      {cancel.isSuccess && <Link to="/">{intl.formatMessage(m.toHome)}</Link>}
    </div>
  );
}
