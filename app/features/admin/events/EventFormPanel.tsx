// The event form, shown in place of the list (Create Event, or Edit). Every field of the spec; an
// Eventbrite event hides the venue and tickets blocks, a virtual meet the venue block. The shared
// schema checks the form before sending, as the Worker will; the Worker's own refusal lands on its
// field. 'Failed to save event' when the save fails.
import { useEffect, useId, useRef, useState, type FormEvent } from "react";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useIntl } from "react-intl";
import { ApiRequestError } from "../../../lib/api";
import { ADMIN_EVENT_CODES, EVENT_SOURCES, EVENT_STATUSES, needsTickets, needsVenue, showsTickets, type AdminEvent, type EventInput } from "../../../../worker/contracts/admin-events";
import { serverFieldError, type ErrorText, type FieldErrors } from "./errors";
import { checkEventForm, emptyEventForm, eventFormOf, withVenue, type EventField, type EventForm } from "./eventForm";
import { EventTicketFields } from "./EventTicketFields";
import { EventVenueFields } from "./EventVenueFields";
import { Checkbox, ErrorMessage, RequiredNote, SelectInput, TextArea, TextInput } from "./fields";
import { eventsMessages as m, sourceMessages, statusMessages } from "./messages";
import { adminVenuesQueryOptions, eventsApi, useEventsRefresh } from "./queries";
import { timeZoneOptions } from "./timeZones";

type EventFormPanelProps = {
  /** The event to edit; null to create one. */
  event: AdminEvent | null;
  onCancel: () => void;
  onSaved: (created: boolean) => void;
};

export function EventFormPanel({ event, onCancel, onSaved }: EventFormPanelProps) {
  const intl = useIntl();
  const headingId = useId();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const focusInvalid = useRef(false);
  const queryClient = useQueryClient();
  const refresh = useEventsRefresh();
  const [form, setForm] = useState<EventForm>(() => (event ? eventFormOf(event) : emptyEventForm()));
  const [errors, setErrors] = useState<FieldErrors<EventField>>({});
  const [formError, setFormError] = useState<ErrorText | null>(null);
  const mutation = useMutation({
    mutationFn: (input: EventInput) => (event ? eventsApi.update(event.id, input) : eventsApi.create(input)),
    onSettled: refresh,
  });

  useEffect(() => headingRef.current?.focus(), []);
  // After a check found problems, the first wrong field gets focus (once it is marked).
  useEffect(() => {
    if (!focusInvalid.current) return;
    focusInvalid.current = false;
    formRef.current?.querySelector<HTMLElement>("[aria-invalid='true']")?.focus();
  }, [errors]);

  const set =
    <K extends EventField>(field: K) =>
    (value: EventForm[K]) =>
      setForm((current) => ({ ...current, [field]: value }));

  const pickVenue = (id: string) => {
    const venue = queryClient.getQueryData(adminVenuesQueryOptions().queryKey)?.venues.find((v) => v.id === id);
    setForm((current) => (venue ? withVenue(current, venue) : { ...current, venueId: id }));
  };

  const showErrors = (found: FieldErrors<EventField>) => {
    focusInvalid.current = true;
    setErrors(found);
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (mutation.isPending) return;
    setFormError(null);
    const checked = checkEventForm(form, event?.venueCountry ?? null);
    if (!checked.ok) {
      showErrors(checked.errors);
      return;
    }
    setErrors({});
    mutation.mutate(checked.input, {
      onSuccess: () => onSaved(!event),
      onError: (err) => {
        const named = serverFieldError(err);
        if (named && named.field in form) showErrors({ [named.field]: named.error });
        else if (err instanceof ApiRequestError && err.code === ADMIN_EVENT_CODES.eventbriteTaken) showErrors({ eventbriteId: { message: m.eventbriteTaken } });
        setFormError({ message: m.formSaveFailed });
      },
    });
  };

  const problems = Object.keys(errors).length;
  const statusOptions = EVENT_STATUSES.map((status) => ({ value: status, label: intl.formatMessage(statusMessages[status]) }));
  const sourceOptions = EVENT_SOURCES.map((source) => ({ value: source, label: intl.formatMessage(sourceMessages[source]) }));
  const zoneOptions = timeZoneOptions(form.timeZone).map((zone) => ({ value: zone, label: zone.replaceAll("_", " ") }));

  return (
    <section className="card admin-events-form" aria-labelledby={headingId}>
      <h2 id={headingId} ref={headingRef} tabIndex={-1}>
        {intl.formatMessage(event ? m.formEditTitle : m.formCreateTitle)}
      </h2>
      <RequiredNote>{intl.formatMessage(m.formRequiredNote)}</RequiredNote>
      <form ref={formRef} className="form" noValidate onSubmit={submit}>
        <fieldset className="admin-events-block">
          <legend>{intl.formatMessage(m.formDetails)}</legend>
          <TextInput label={intl.formatMessage(m.fieldTitle)} required value={form.title} onChange={set("title")} error={errors.title} maxLength={200} />
          <TextArea label={intl.formatMessage(m.fieldDescription)} value={form.description} onChange={set("description")} error={errors.description} maxLength={5000} />
          <div className="admin-events-grid">
            <TextInput type="datetime-local" label={intl.formatMessage(m.fieldEventDate)} required value={form.eventDate} onChange={set("eventDate")} error={errors.eventDate} />
            <SelectInput label={intl.formatMessage(m.fieldTimeZone)} hint={intl.formatMessage(m.fieldTimeZoneHint)} required value={form.timeZone} options={zoneOptions} onChange={set("timeZone")} error={errors.timeZone} />
            <SelectInput label={intl.formatMessage(m.fieldStatus)} value={form.status} options={statusOptions} onChange={(v) => set("status")(v as EventForm["status"])} error={errors.status} />
            <SelectInput
              label={intl.formatMessage(m.fieldSource)}
              hint={intl.formatMessage(m.fieldSourceHint)}
              value={form.source}
              options={sourceOptions}
              onChange={(v) => set("source")(v as EventForm["source"])}
              error={errors.source}
            />
            <TextInput label={intl.formatMessage(m.fieldEventbriteId)} required={form.source === "eventbrite"} value={form.eventbriteId} onChange={set("eventbriteId")} error={errors.eventbriteId} maxLength={200} />
            <TextInput type="url" label={intl.formatMessage(m.fieldTicketUrl)} value={form.externalTicketUrl} onChange={set("externalTicketUrl")} error={errors.externalTicketUrl} placeholder="https://" />
          </div>
          <Checkbox label={intl.formatMessage(m.fieldOnline)} hint={intl.formatMessage(m.fieldOnlineHint)} checked={form.online} onChange={set("online")} />
          {form.online && <TextInput type="url" label={intl.formatMessage(m.fieldJoinUrl)} value={form.joinUrl} onChange={set("joinUrl")} error={errors.joinUrl} placeholder="https://" />}
        </fieldset>
        {needsVenue(form) && <EventVenueFields form={form} errors={errors} set={set} onPickVenue={pickVenue} />}
        {showsTickets(form) && <EventTicketFields form={form} errors={errors} set={set} required={needsTickets(form)} currency={event?.currency ?? "USD"} />}
        {problems > 0 && !formError && (
          <div className="error-banner" role="alert">
            {intl.formatMessage(m.fixFields, { count: problems })}
          </div>
        )}
        {formError && (
          <div className="error-banner" role="alert">
            <ErrorMessage error={formError} />
          </div>
        )}
        <div className="form-actions">
          <button type="button" className="btn btn-ghost" onClick={onCancel}>
            {intl.formatMessage(m.cancel)}
          </button>
          <button type="submit" className="btn btn-primary" disabled={mutation.isPending}>
            {intl.formatMessage(mutation.isPending ? m.saving : m.save)}
          </button>
        </div>
      </form>
    </section>
  );
}
