// The venue form, shown in place of the list (Create Venue, or Edit): name and address required,
// then city, state, country, postal code and capacity. Checked by the Worker's own schema first.
import { useEffect, useId, useRef, useState, type FormEvent } from "react";
import { useMutation } from "@tanstack/react-query";
import { useIntl } from "react-intl";
import { VENUE_COUNTRIES, type VenueCountry } from "../../../../worker/contracts/admin-event-limits";
import type { AdminVenue, VenueInput } from "../../../../worker/contracts/admin-venues";
import { serverFieldError, type ErrorText, type FieldErrors } from "./errors";
import { ErrorMessage, NumberInput, RequiredNote, SelectInput, TextInput } from "./fields";
import { countryMessages, eventsMessages as m } from "./messages";
import { useEventsRefresh, venuesApi } from "./queries";
import { checkVenueForm, emptyVenueForm, venueFormOf, type VenueField, type VenueForm } from "./venueForm";

type VenueFormPanelProps = { venue: AdminVenue | null; onCancel: () => void; onSaved: (created: boolean) => void };

export function VenueFormPanel({ venue, onCancel, onSaved }: VenueFormPanelProps) {
  const intl = useIntl();
  const headingId = useId();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const focusInvalid = useRef(false);
  const refresh = useEventsRefresh();
  const [form, setForm] = useState<VenueForm>(() => (venue ? venueFormOf(venue) : emptyVenueForm()));
  const [errors, setErrors] = useState<FieldErrors<VenueField>>({});
  const [formError, setFormError] = useState<ErrorText | null>(null);
  const mutation = useMutation({ mutationFn: (input: VenueInput) => (venue ? venuesApi.update(venue.id, input) : venuesApi.create(input)), onSettled: refresh });

  useEffect(() => headingRef.current?.focus(), []);
  useEffect(() => {
    if (!focusInvalid.current) return;
    focusInvalid.current = false;
    formRef.current?.querySelector<HTMLElement>("[aria-invalid='true']")?.focus();
  }, [errors]);

  const set =
    <K extends VenueField>(field: K) =>
    (value: VenueForm[K]) =>
      setForm((current) => ({ ...current, [field]: value }));

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (mutation.isPending) return;
    setFormError(null);
    const checked = checkVenueForm(form);
    if (!checked.ok) {
      focusInvalid.current = true;
      setErrors(checked.errors);
      return;
    }
    setErrors({});
    mutation.mutate(checked.input, {
      onSuccess: () => onSaved(!venue),
      onError: (err) => {
        const named = serverFieldError(err);
        if (named && named.field in form) {
          focusInvalid.current = true;
          setErrors({ [named.field]: named.error });
        }
        setFormError({ message: m.venueFormSaveFailed });
      },
    });
  };

  const countries = VENUE_COUNTRIES.map((code) => ({ value: code, label: intl.formatMessage(countryMessages[code]) }));
  const problems = Object.keys(errors).length;

  return (
    <section className="card admin-events-form" aria-labelledby={headingId}>
      <h2 id={headingId} ref={headingRef} tabIndex={-1}>
        {intl.formatMessage(venue ? m.venueFormEditTitle : m.venueFormCreateTitle)}
      </h2>
      <RequiredNote>{intl.formatMessage(m.formRequiredNote)}</RequiredNote>
      {venue && venue.eventCount > 0 && <p className="info-banner">{intl.formatMessage(m.venueFormHint)}</p>}
      <form ref={formRef} className="form" noValidate onSubmit={submit}>
        <div className="admin-events-grid">
          <TextInput label={intl.formatMessage(m.venueFieldName)} required value={form.name} onChange={set("name")} error={errors.name} maxLength={200} />
          <TextInput label={intl.formatMessage(m.fieldVenueAddress)} required value={form.address} onChange={set("address")} error={errors.address} maxLength={200} />
          <TextInput label={intl.formatMessage(m.fieldVenueCity)} value={form.city} onChange={set("city")} error={errors.city} maxLength={200} />
          <TextInput label={intl.formatMessage(m.fieldVenueState)} value={form.state} onChange={set("state")} error={errors.state} maxLength={200} />
          <SelectInput label={intl.formatMessage(m.fieldVenueCountry)} value={form.country} options={countries} onChange={(v) => set("country")(v as VenueCountry)} error={errors.country} />
          <TextInput label={intl.formatMessage(m.fieldVenuePostalCode)} value={form.postalCode} onChange={set("postalCode")} error={errors.postalCode} maxLength={200} />
          <NumberInput label={intl.formatMessage(m.fieldVenueCapacity)} value={form.capacity} onChange={set("capacity")} error={errors.capacity} />
        </div>
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
