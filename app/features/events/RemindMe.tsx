// "Remind me" on an upcoming event (decision 045). A member toggles it in one click (a pressed
// toggle button; the server mails 24 hours and 1 hour before, or the event's own offsets); a visitor
// opens a small inline form, gives an address, and is asked to confirm it from their inbox. The
// mail goes in the page's language and shows the time in the browser's zone too.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useIntl, type IntlShape } from "react-intl";
import { api } from "../../lib/api";
import { serverErrorText } from "../../lib/forms/errorText";
import { useSessionUser } from "../../lib/session/useSession";
import type { PublicEvent } from "#contracts/events.ts";
import type { ReminderRequestResponse, ReminderStateResponse } from "#contracts/reminders.ts";
import { OptInEmailForm, OptInToggle } from "../../components/opt-in/OptInControls";
import { BotCheck, botCheckHeaders, useBotCheck } from "../../components/bot-check/BotCheck";
import { remindMessages as m } from "./remind-messages";

const reminderPath = (eventId: string) => `/api/events/${encodeURIComponent(eventId)}/reminder`;
const reminderKey = (eventId: string) => ["event-reminder", eventId] as const;

/** The browser's IANA zone, so the mail can show the time where the person is. */
const browserTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || "UTC";

/** "24 hours and 1 hour" / "24 horas e 1 hora": each offset in weeks, hours or minutes. */
export function offsetsText(intl: IntlShape, offsets: readonly number[]): string {
  const parts = [...offsets]
    .sort((a, b) => b - a)
    .map((minutes) => {
      const [value, unit] = minutes % 10080 === 0 ? [minutes / 10080, "week"] : minutes % 60 === 0 ? [minutes / 60, "hour"] : [minutes, "minute"];
      return intl.formatNumber(value, { style: "unit", unit, unitDisplay: "long" });
    });
  return intl.formatList(parts, { type: "conjunction" });
}

export function RemindMe({ event }: { event: Pick<PublicEvent, "id" | "title" | "past"> }) {
  const { user, isPending } = useSessionUser();
  // Until the session is known, nothing: the visitor's form must not flash for a member.
  if (event.past || isPending) return null;
  return user ? <MemberRemind event={event} /> : <VisitorRemind event={event} />;
}

function MemberRemind({ event }: { event: Pick<PublicEvent, "id" | "title"> }) {
  const intl = useIntl();
  const queryClient = useQueryClient();
  const state = useQuery({
    queryKey: reminderKey(event.id),
    queryFn: ({ signal }) => api<ReminderStateResponse>(reminderPath(event.id), { signal }),
    retry: false,
  });
  const toggle = useMutation({
    mutationFn: async (on: boolean): Promise<ReminderStateResponse> => {
      if (!on) return api<ReminderStateResponse>(reminderPath(event.id), { method: "DELETE" });
      const answer = await api<ReminderRequestResponse>(reminderPath(event.id), { method: "POST", json: { timeZone: browserTimeZone() } });
      return { reminded: true, offsets: answer.offsets };
    },
    onSuccess: (data) => queryClient.setQueryData(reminderKey(event.id), data),
  });
  const reminded = state.data?.reminded ?? false;
  return (
    <OptInToggle
      kind="event-remind"
      label={intl.formatMessage(m.remindLabel, { title: event.title })}
      text={intl.formatMessage(m.remindMe)}
      on={reminded}
      busy={toggle.isPending || state.isPending}
      onToggle={(on) => toggle.mutate(on)}
      status={
        <>
          {reminded && state.data ? intl.formatMessage(m.reminderSet, { offsets: offsetsText(intl, state.data.offsets) }) : null}
          {errorLine(intl, toggle.error)}
        </>
      }
    />
  );
}

/** What went wrong, in the server's words when it has a code, or null. */
function errorLine(intl: IntlShape, error: Error | null): string | null {
  if (!error) return null;
  const text = serverErrorText(error);
  return text ? intl.formatMessage(text.message, text.values) : intl.formatMessage(m.failed);
}

function VisitorRemind({ event }: { event: Pick<PublicEvent, "id" | "title"> }) {
  const intl = useIntl();
  // The confirmation mail goes to the address typed here: the Worker asks for a person's bot check.
  const botCheck = useBotCheck("reminder");
  const request = useMutation({
    mutationFn: async (email: string) =>
      api<ReminderRequestResponse>(reminderPath(event.id), {
        method: "POST",
        json: { email, locale: intl.locale === "pt-BR" ? "pt-BR" : "en", timeZone: browserTimeZone() },
        headers: botCheckHeaders(await botCheck.take()),
      }),
  });
  return (
    <OptInEmailForm
      kind="event-remind"
      label={intl.formatMessage(m.remindLabel, { title: event.title })}
      text={intl.formatMessage(m.remindMe)}
      texts={{
        emailLabel: intl.formatMessage(m.emailLabel),
        send: intl.formatMessage(m.send),
        sending: intl.formatMessage(m.sending),
        checkInbox: intl.formatMessage(m.checkInbox),
        invalidEmail: intl.formatMessage(m.invalidEmail),
      }}
      onSubmit={(email) => request.mutate(email)}
      pending={request.isPending}
      sent={request.isSuccess}
      error={errorLine(intl, request.error)}
      check={<BotCheck check={botCheck} />}
    />
  );
}
