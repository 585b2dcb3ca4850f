// The event form, shown in place of the list (Create Event, or Edit). Every field of the spec; an
// Eventbrite event hides the venue and tickets blocks, a virtual meet the venue block. The shared
// schema checks the form before sending, as the Worker will; the Worker's own refusal lands on its
// field. 'Failed to save event' when the save fails.
import { useState, type FormEvent } from "react";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { useIntl } from "react-intl";
import { ApiRequestError } from "../../../lib/api";
import {
  ADMIN_EVENT_CODES,
  EVENT_SOURCES,
  EVENT_STATUSES,
  needsTickets,
  needsVenue,
  showsTickets,
  type AdminEvent,
  type EventInput,
} from "#contracts/admin/events.ts";
import { serverFieldError, type ErrorText, type FieldErrors } from "./errors";
import { checkEventForm, emptyEventForm, eventFormOf, withVenue, type EventField, type EventForm } from "./eventForm";
import { EventTicketFields } from "./EventTicketFields";
import { EventVenueFields } from "./EventVenueFields";
import { EventPresaleFields } from "./EventPresaleFields";
import { useMinTierOptions } from "../components/form/MinTierField";
import { EventReminderFields } from "./EventReminderFields";
import { EventTicketTypes } from "./EventTicketTypes";
import { Checkbox, SelectInput, TextArea, TextInput } from "./fields";
import { FormPanel } from "./FormPanel";
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
  const queryClient = useQueryClient();
  const refresh = useEventsRefresh();
  const [form, setForm] = useState<EventForm>(() => (event ? eventFormOf(event) : emptyEventForm()));
  const vipTierOptions = useMinTierOptions(form.vipMinTierId || null);
  const [errors, setErrors] = useState<FieldErrors<EventField>>({});
  const [formError, setFormError] = useState<ErrorText | null>(null);
  const mutation = useMutation({
    mutationFn: (input: EventInput) => (event ? eventsApi.update(event.id, input) : eventsApi.create(input)),
    onSettled: refresh,
  });

  const set =
    <K extends EventField>(field: K) =>
    (value: EventForm[K]) =>
      setForm((current) => ({ ...current, [field]: value }));

  const pickVenue = (id: string) => {
    const venue = queryClient.getQueryData(adminVenuesQueryOptions().queryKey)?.venues.find((v) => v.id === id);
    setForm((current) => (venue ? withVenue(current, venue) : { ...current, venueId: id }));
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (mutation.isPending) return;
    setFormError(null);
    const checked = checkEventForm(form, event?.venueCountry ?? null);
    if (!checked.ok) {
      setErrors(checked.errors);
      return;
    }
    setErrors({});
    mutation.mutate(checked.input, {
      onSuccess: () => onSaved(!event),
      onError: (err) => {
        const named = serverFieldError(err);
        if (named && named.field in form) setErrors({ [named.field]: named.error });
        else if (err instanceof ApiRequestError && err.code === ADMIN_EVENT_CODES.eventbriteTaken) setErrors({ eventbriteId: { message: m.eventbriteTaken } });
        setFormError({ message: m.formSaveFailed });
      },
    });
  };

  const statusOptions = EVENT_STATUSES.map((status) => ({ value: status, label: intl.formatMessage(statusMessages[status]) }));
  const sourceOptions = EVENT_SOURCES.map((source) => ({ value: source, label: intl.formatMessage(sourceMessages[source]) }));
  const zoneOptions = timeZoneOptions(form.timeZone).map((zone) => ({ value: zone, label: zone.replaceAll("_", " ") }));

  return (
    <FormPanel
      title={intl.formatMessage(event ? m.formEditTitle : m.formCreateTitle)}
      errors={errors}
      formError={formError}
      saving={mutation.isPending}
      onSubmit={submit}
      onCancel={onCancel}
    >
      <fieldset className="admin-events-block">
        <legend>{intl.formatMessage(m.formDetails)}</legend>
        <TextInput label={intl.formatMessage(m.fieldTitle)} required value={form.title} onChange={set("title")} error={errors.title} maxLength={200} />
        <TextArea
          label={intl.formatMessage(m.fieldDescription)}
          value={form.description}
          onChange={set("description")}
          error={errors.description}
          maxLength={5000}
        />
        {/* Portuguese (decision 031): optional; Portuguese-speaking visitors see the English where it is blank. */}
        <TextInput
          label={intl.formatMessage(m.fieldTitlePtBR)}
          hint={intl.formatMessage(m.fieldPtBRHint)}
          value={form.titlePtBR}
          onChange={set("titlePtBR")}
          error={errors.titlePtBR}
          maxLength={200}
        />
        <TextArea
          label={intl.formatMessage(m.fieldDescriptionPtBR)}
          value={form.descriptionPtBR}
          onChange={set("descriptionPtBR")}
          error={errors.descriptionPtBR}
          maxLength={5000}
        />
        <div className="admin-events-grid">
          <TextInput
            type="datetime-local"
            label={intl.formatMessage(m.fieldEventDate)}
            required
            value={form.eventDate}
            onChange={set("eventDate")}
            error={errors.eventDate}
          />
          <SelectInput
            label={intl.formatMessage(m.fieldTimeZone)}
            hint={intl.formatMessage(m.fieldTimeZoneHint)}
            required
            value={form.timeZone}
            options={zoneOptions}
            onChange={set("timeZone")}
            error={errors.timeZone}
          />
          <SelectInput
            label={intl.formatMessage(m.fieldStatus)}
            value={form.status}
            options={statusOptions}
            onChange={(v) => set("status")(v as EventForm["status"])}
            error={errors.status}
          />
          <SelectInput
            label={intl.formatMessage(m.fieldSource)}
            hint={intl.formatMessage(m.fieldSourceHint)}
            value={form.source}
            options={sourceOptions}
            onChange={(v) => set("source")(v as EventForm["source"])}
            error={errors.source}
          />
          <TextInput
            label={intl.formatMessage(m.fieldEventbriteId)}
            required={form.source === "eventbrite"}
            value={form.eventbriteId}
            onChange={set("eventbriteId")}
            error={errors.eventbriteId}
            maxLength={200}
          />
          <TextInput
            type="url"
            label={intl.formatMessage(m.fieldTicketUrl)}
            value={form.externalTicketUrl}
            onChange={set("externalTicketUrl")}
            error={errors.externalTicketUrl}
            placeholder="https://"
          />
        </div>
        <Checkbox label={intl.formatMessage(m.fieldSoldOut)} hint={intl.formatMessage(m.fieldSoldOutHint)} checked={form.soldOut} onChange={set("soldOut")} />
        <Checkbox label={intl.formatMessage(m.fieldOnline)} hint={intl.formatMessage(m.fieldOnlineHint)} checked={form.online} onChange={set("online")} />
        {form.online && (
          <TextInput
            type="url"
            label={intl.formatMessage(m.fieldJoinUrl)}
            value={form.joinUrl}
            onChange={set("joinUrl")}
            error={errors.joinUrl}
            placeholder="https://"
          />
        )}
        {form.source !== "eventbrite" && (
          <SelectInput
            label={intl.formatMessage(m.fieldVipMinTier)}
            hint={intl.formatMessage(m.fieldVipMinTierHint)}
            value={form.vipMinTierId}
            options={vipTierOptions}
            onChange={set("vipMinTierId")}
            error={errors.vipMinTierId}
          />
        )}
      </fieldset>
      {needsVenue(form) && <EventVenueFields form={form} errors={errors} set={set} onPickVenue={pickVenue} />}
      {showsTickets(form) && <EventTicketFields form={form} errors={errors} set={set} required={needsTickets(form)} />}
      {showsTickets(form) && (
        <EventTicketTypes
          eventId={event?.id ?? null}
          savedSource={event?.source ?? null}
          savedCurrency={event?.currency ?? null}
          initialTypes={event?.ticketTypes}
        />
      )}
      <EventPresaleFields form={form} errors={errors} set={set} eventId={event?.id ?? null} />
      <EventReminderFields offsets={form.reminderOffsets} onChange={set("reminderOffsets")} error={errors.reminderOffsets} counts={event?.reminders ?? null} />
    </FormPanel>
  );
}
