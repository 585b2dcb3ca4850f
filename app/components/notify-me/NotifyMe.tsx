// "Notify me" on an upcoming release or an event not yet on sale (decision 057), shared by the
// music pages and the events list. A member taps once (a pressed toggle: told in the notification
// centre, by push and e-mail as their settings say, when it goes out); a visitor opens a small
// form, gives an address, and confirms it from their inbox (the mails in the page's language).
// Not shown while the session is unknown (the visitor's form must not flash for a member), nor to
// VIPs and administrators for a release in early access: they hear it already.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { defineMessage, defineMessages, useIntl } from "react-intl";
import { api } from "../../lib/api";
import { serverErrorText, type ErrorTexts } from "../../lib/forms/errorText";
import { canUseVipContent, useSessionUser } from "../../lib/session/useSession";
import { NOTIFY_API, type NotifyItemKind, type NotifyRequestResponse, type NotifyStateResponse } from "#contracts/notify-me-model.ts";
import { OptInEmailForm, OptInToggle } from "../opt-in/OptInControls";
import { BotCheck, botCheckHeaders, useBotCheck } from "../bot-check/BotCheck";
import "./notify-me.css";

const plain = defineMessages({
  button: { id: "notifyMe.button", defaultMessage: "Notify me" },
  emailLabel: { id: "notifyMe.emailLabel", defaultMessage: "Your e-mail" },
  invalidEmail: { id: "notifyMe.invalidEmail", defaultMessage: "Enter a valid e-mail address." },
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
    <OptInToggle
      kind="notify-me"
      label={intl.formatMessage(notifyMeMessages.label, { kind: item.kind, title: item.title })}
      text={intl.formatMessage(notifyMeMessages.button)}
      on={waiting}
      busy={toggle.isPending || state.isPending}
      onToggle={(on) => toggle.mutate(on)}
      status={
        <>
          {waiting ? intl.formatMessage(notifyMeMessages.waiting, { kind: item.kind }) : null}
          {error}
        </>
      }
    />
  );
}

function VisitorNotify({ item }: { item: NotifyMeItem }) {
  const intl = useIntl();
  const botCheck = useBotCheck("notify_me");
  const request = useMutation({
    mutationFn: async (email: string) =>
      api<NotifyRequestResponse>(itemPath(item), {
        method: "POST",
        json: { email, locale: intl.locale === "pt-BR" ? "pt-BR" : "en" },
        headers: botCheckHeaders(await botCheck.take()),
      }),
  });
  return (
    <OptInEmailForm
      kind="notify-me"
      label={intl.formatMessage(notifyMeMessages.label, { kind: item.kind, title: item.title })}
      text={intl.formatMessage(notifyMeMessages.button)}
      texts={{
        emailLabel: intl.formatMessage(notifyMeMessages.emailLabel),
        send: intl.formatMessage(notifyMeMessages.send),
        sending: intl.formatMessage(notifyMeMessages.sending),
        checkInbox: intl.formatMessage(notifyMeMessages.checkInbox),
        invalidEmail: intl.formatMessage(notifyMeMessages.invalidEmail),
      }}
      onSubmit={(email) => request.mutate(email)}
      pending={request.isPending}
      sent={request.isSuccess}
      error={useErrorLine(request.error)}
      check={<BotCheck check={botCheck} />}
    />
  );
}
