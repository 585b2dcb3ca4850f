// "Remind me" on an upcoming event (decision 045). A member toggles it in one click (a pressed
// toggle button; the server mails 24 hours and 1 hour before, or the event's own offsets); a visitor
// opens a small inline form, gives an address, and is asked to confirm it from their inbox. The
// mail goes in the page's language and shows the time in the browser's zone too.
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useId, useState, type FormEvent } from "react";
import { useIntl, type IntlShape } from "react-intl";
import { api } from "../../lib/api";
import { serverErrorText } from "../../lib/forms/errorText";
import { useSessionUser } from "../../lib/session/useSession";
import type { PublicEvent } from "../../../worker/contracts/events";
import type { ReminderRequestResponse, ReminderStateResponse } from "../../../worker/contracts/reminders";
import { Icon } from "../../components/Icon";
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
  const error = toggle.error ? serverErrorText(toggle.error) : undefined;
  return (
    <div className="event-remind">
      <button
        type="button"
        className={reminded ? "btn btn-sm event-remind-button is-on" : "btn btn-ghost btn-sm event-remind-button"}
        aria-pressed={reminded}
        disabled={toggle.isPending || state.isPending}
        aria-label={intl.formatMessage(m.remindLabel, { title: event.title })}
        onClick={() => toggle.mutate(!reminded)}
      >
        <Icon name="bell" size={16} />
        {intl.formatMessage(m.remindMe)}
      </button>
      <p className="event-remind-status" role="status">
        {reminded && state.data ? intl.formatMessage(m.reminderSet, { offsets: offsetsText(intl, state.data.offsets) }) : null}
        {toggle.isError ? (error ? intl.formatMessage(error.message, error.values) : intl.formatMessage(m.failed)) : null}
      </p>
    </div>
  );
}

function VisitorRemind({ event }: { event: Pick<PublicEvent, "id" | "title"> }) {
  const intl = useIntl();
  const id = useId();
  const [open, setOpen] = useState(false);
  const [email, setEmail] = useState("");
  const request = useMutation({
    mutationFn: () =>
      api<ReminderRequestResponse>(reminderPath(event.id), {
        method: "POST",
        json: { email, locale: intl.locale === "pt-BR" ? "pt-BR" : "en", timeZone: browserTimeZone() },
      }),
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    request.mutate();
  };
  const error = request.error ? serverErrorText(request.error) : undefined;
  return (
    <div className="event-remind">
      <button
        type="button"
        className="btn btn-ghost btn-sm event-remind-button"
        aria-expanded={open}
        aria-controls={open ? `${id}-form` : undefined}
        aria-label={intl.formatMessage(m.remindLabel, { title: event.title })}
        onClick={() => setOpen(!open)}
      >
        <Icon name="bell" size={16} />
        {intl.formatMessage(m.remindMe)}
      </button>
      {open && (
        <div id={`${id}-form`}>
          {request.isSuccess ? (
            <p className="event-remind-status" role="status">
              {intl.formatMessage(m.checkInbox)}
            </p>
          ) : (
            <form className="event-remind-form" onSubmit={submit} noValidate>
              <label htmlFor={`${id}-email`}>{intl.formatMessage(m.emailLabel)}</label>
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
                {intl.formatMessage(m.send)}
              </button>
              {request.isError && (
                <p id={`${id}-error`} className="form-error" role="alert">
                  {error ? intl.formatMessage(error.message, error.values) : intl.formatMessage(m.failed)}
                </p>
              )}
            </form>
          )}
        </div>
      )}
    </div>
  );
}
