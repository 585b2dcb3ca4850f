// /reminders/confirm?token=…: the link in a visitor's "Remind me" confirmation mail. Opening the
// page changes nothing by itself (a link scanner's GET spends nothing): the page POSTs the token
// once, then says so and links to the event (its card on /events, or the virtual meet page).
import { useMutation, useQuery } from "@tanstack/react-query";
import { Link } from "@tanstack/react-router";
import { useEffect, useRef } from "react";
import { useIntl } from "react-intl";
import { api, ApiRequestError } from "../../lib/api";
import type { EventResponse } from "#contracts/events.ts";
import type { ReminderConfirmResponse } from "#contracts/reminders.ts";
import { remindMessages as m } from "./remind-messages";

export function RemindConfirmPage({ token }: { token?: string }) {
  const intl = useIntl();
  const confirm = useMutation({
    mutationFn: (value: string) => api<ReminderConfirmResponse>("/api/reminders/confirm", { method: "POST", json: { token: value } }),
  });
  // Sent once, even when React runs the effect twice (StrictMode).
  const sent = useRef(false);
  useEffect(() => {
    if (!token || sent.current) return;
    sent.current = true;
    confirm.mutate(token);
  }, [token, confirm]);
  const eventId = confirm.data?.eventId;
  const event = useQuery({
    queryKey: ["reminder-confirmed-event", eventId, intl.locale],
    queryFn: ({ signal }) => api<EventResponse>(`/api/events/${encodeURIComponent(eventId!)}?lang=${intl.locale}`, { signal }),
    enabled: Boolean(eventId),
    retry: false,
  });

  if (!token || confirm.isError) {
    const expired = confirm.error instanceof ApiRequestError && confirm.error.code === "reminder_link_expired";
    const invalid = !token || (confirm.error instanceof ApiRequestError && confirm.error.code === "reminder_link_invalid");
    return (
      <div className="card remind-confirm">
        <p role="alert">{intl.formatMessage(expired ? m.confirmExpired : invalid ? m.confirmInvalid : m.failed)}</p>
        <Link to="/events">{intl.formatMessage(m.toEvents)}</Link>
      </div>
    );
  }
  if (!eventId) {
    return (
      <div className="card remind-confirm">
        <p role="status">{intl.formatMessage(m.confirming)}</p>
      </div>
    );
  }
  const online = event.data?.event.online ?? false;
  return (
    <div className="card remind-confirm">
      <p role="status">{intl.formatMessage(m.confirmed)}</p>
      {event.data && <p className="remind-confirm-title">{event.data.event.title}</p>}
      {online ? (
        <Link to="/virtual-meet">{intl.formatMessage(m.toMeet)}</Link>
      ) : (
        <Link to="/events" hash={`event-${eventId}`}>
          {intl.formatMessage(m.toEvents)}
        </Link>
      )}
    </div>
  );
}
