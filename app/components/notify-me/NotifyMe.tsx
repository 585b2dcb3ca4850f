// "Notify me" on an upcoming release or an event not yet on sale (decision 057), shared by the
// music pages and the events list. A member taps once (a pressed toggle: told in the notification
// centre, by push and e-mail as their settings say, when it goes out); a visitor opens a small
// form, gives an address, and confirms it from their inbox (the mails in the page's language).
// Not shown while the session is unknown (the visitor's form must not flash for a member), nor to
// VIPs and administrators for a release in early access: they hear it already.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useId, useState, type FormEvent } from "react";
import { defineMessage, defineMessages, useIntl } from "react-intl";
import { api } from "../../lib/api";
import { serverErrorText, type ErrorTexts } from "../../lib/forms/errorText";
import { canUseVipContent, useSessionUser } from "../../lib/session/useSession";
import { NOTIFY_API, type NotifyItemKind, type NotifyRequestResponse, type NotifyStateResponse } from "../../../worker/contracts/notify-me-model";
import { Icon } from "../Icon";
import "./notify-me.css";

const plain = defineMessages({
  button: { id: "notifyMe.button", defaultMessage: "Notify me" },
  emailLabel: { id: "notifyMe.emailLabel", defaultMessage: "Your e-mail" },
  send: { id: "notifyMe.send", defaultMessage: "Send" },
  sending: { id: "notifyMe.sending", defaultMessage: "Sending…" },
  checkInbox: { id: "notifyMe.checkInbox", defaultMessage: "Check your inbox: open the link we sent to confirm." },
  failed: { id: "notifyMe.failed", defaultMessage: "That did not work. Please try again." },
  alreadyReleased: { id: "notifyMe.alreadyReleased", defaultMessage: "It is out already: reload the page to listen." },
  alreadyOnSale: { id: "notifyMe.alreadyOnSale", defaultMessage: "Tickets are on sale already: reload the page." },
});

/** Every "Notify me" message; those with arguments are typed so their values are checked. */
export const notifyMeMessages = {
  ...plain,
  label: defineMessage<{ kind: NotifyItemKind; title: string }>({
    id: "notifyMe.label",
    defaultMessage: "{kind, select, event {Notify me when tickets for {title} go on sale} other {Notify me when {title} is out}}",
  }),
  waiting: defineMessage<{ kind: NotifyItemKind }>({
    id: "notifyMe.waiting",
    defaultMessage: "{kind, select, event {We'll tell you when tickets go on sale.} other {We'll tell you when it's out.}}",
  }),
};

const ERROR_TEXTS: ErrorTexts = { already_released: notifyMeMessages.alreadyReleased, already_on_sale: notifyMeMessages.alreadyOnSale };

export type NotifyMeItem = {
  kind: NotifyItemKind;
  id: string;
  title: string;
  /** A release in early access: VIP members and administrators hear it already, so they get no button. */
  early?: boolean;
};

const itemPath = (item: NotifyMeItem) => `${NOTIFY_API}/${item.kind}/${encodeURIComponent(item.id)}`;
const stateKey = (item: NotifyMeItem) => ["notify-me", item.kind, item.id] as const;

export function NotifyMe({ item }: { item: NotifyMeItem }) {
  const { user, isPending } = useSessionUser();
  if (isPending) return null;
  if (item.early && canUseVipContent(user)) return null;
  return user ? <MemberNotify item={item} /> : <VisitorNotify item={item} />;
}

function useErrorLine(error: unknown) {
  const intl = useIntl();
  if (!error) return null;
  const text = serverErrorText(error, ERROR_TEXTS);
  return text ? intl.formatMessage(text.message, text.values) : intl.formatMessage(notifyMeMessages.failed);
}

function MemberNotify({ item }: { item: NotifyMeItem }) {
  const intl = useIntl();
  const queryClient = useQueryClient();
  const state = useQuery({
    queryKey: stateKey(item),
    queryFn: ({ signal }) => api<NotifyStateResponse>(itemPath(item), { signal }),
    retry: false,
  });
  const toggle = useMutation({
    mutationFn: async (on: boolean): Promise<NotifyStateResponse> => {
      if (!on) return api<NotifyStateResponse>(itemPath(item), { method: "DELETE" });
      await api<NotifyRequestResponse>(itemPath(item), { method: "POST" });
      return { waiting: true };
    },
    onSuccess: (data) => queryClient.setQueryData(stateKey(item), data),
  });
  const waiting = state.data?.waiting ?? false;
  const error = useErrorLine(toggle.error ?? state.error);
  return (
    <div className="notify-me">
      <button
        type="button"
        className={waiting ? "btn btn-sm notify-me-button is-on" : "btn btn-ghost btn-sm notify-me-button"}
        aria-pressed={waiting}
        disabled={toggle.isPending || state.isPending}
        aria-label={intl.formatMessage(notifyMeMessages.label, { kind: item.kind, title: item.title })}
        onClick={() => toggle.mutate(!waiting)}
      >
        <Icon name="bell" size={16} />
        {intl.formatMessage(notifyMeMessages.button)}
      </button>
      <p className="notify-me-status" role="status">
        {waiting ? intl.formatMessage(notifyMeMessages.waiting, { kind: item.kind }) : null}
        {error}
      </p>
    </div>
  );
}

function VisitorNotify({ item }: { item: NotifyMeItem }) {
  const intl = useIntl();
  const id = useId();
  const [open, setOpen] = useState(false);
  const [email, setEmail] = useState("");
  const request = useMutation({
    mutationFn: () =>
      api<NotifyRequestResponse>(itemPath(item), { method: "POST", json: { email: email.trim(), locale: intl.locale === "pt-BR" ? "pt-BR" : "en" } }),
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    request.mutate();
  };
  const error = useErrorLine(request.error);
  return (
    <div className="notify-me">
      <button
        type="button"
        className="btn btn-ghost btn-sm notify-me-button"
        aria-expanded={open}
        aria-controls={open ? `${id}-form` : undefined}
        aria-label={intl.formatMessage(notifyMeMessages.label, { kind: item.kind, title: item.title })}
        onClick={() => setOpen(!open)}
      >
        <Icon name="bell" size={16} />
        {intl.formatMessage(notifyMeMessages.button)}
      </button>
      {open && (
        <div id={`${id}-form`}>
          {request.isSuccess ? (
            <p className="notify-me-status" role="status">
              {intl.formatMessage(notifyMeMessages.checkInbox)}
            </p>
          ) : (
            <form className="notify-me-form" onSubmit={submit} noValidate>
              <label htmlFor={`${id}-email`}>{intl.formatMessage(notifyMeMessages.emailLabel)}</label>
              <input
                id={`${id}-email`}
                type="email"
                autoComplete="email"
                required
                value={email}
                onChange={(e) => setEmail(e.target.value)}
                aria-invalid={request.isError || undefined}
                aria-describedby={request.isError ? `${id}-error` : undefined}
              />
              <button type="submit" className="btn btn-primary btn-sm" disabled={request.isPending}>
                {intl.formatMessage(request.isPending ? notifyMeMessages.sending : notifyMeMessages.send)}
              </button>
              {error && (
                <p id={`${id}-error`} className="form-error" role="alert">
                  {error}
                </p>
              )}
            </form>
          )}
        </div>
      )}
    </div>
  );
}
