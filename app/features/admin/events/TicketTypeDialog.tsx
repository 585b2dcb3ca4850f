// Adding or editing one ticket type, in a dialog with a form of its own (the event form is not its
// parent in the page, and its submit never reaches the event form's). The shared schema checks the
// fields before sending, as the Worker will; the price is typed in the event's currency and sent in
// cents. A refusal (a quantity below what is sold, too many types) stays in the dialog.
import { useId, useState, type FormEvent } from "react";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { FormattedMessage, useIntl } from "react-intl";
import { Modal } from "../../../components/Modal";
import { ApiRequestError } from "../../../lib/api";
import { codeText, serverErrorText } from "../../../lib/forms/errorText";
import { validationFailure } from "#contracts/validation-codes.ts";
import { inCents } from "#contracts/admin/event-fields.ts";
import { TICKET_LIMITS } from "#contracts/tickets/event-tickets-model.ts";
import { TICKET_KINDS, type TicketKind } from "#contracts/live-limits.ts";
import { ticketTypeInputSchema, type AdminTicketType, type TicketTypeInput } from "#contracts/tickets/admin-ticket-types.ts";
import { Checkbox, ErrorMessage, NumberInput, SelectInput, TextInput } from "./fields";
import { tierChoicesQueryOptions, tierNameIn } from "../../../lib/tiers/tierGate";
import type { ErrorText } from "./errors";
import { eventsMessages as em } from "./messages";
import { TICKET_TYPE_ERROR_TEXTS, ticketTypeMessages as m } from "./ticket-type-messages";
import { ticketTypesQueryOptions, ticketTypeWrites } from "./ticketTypes";
import { useEventsRefresh } from "./queries";

type Field = "name" | "namePtBr" | "priceCents" | "quantity" | "perOrderLimit" | "position" | "minTierId";
/** minTierId: the lowest tier that may buy it ("" for none). */
type Form = {
  name: string;
  namePtBr: string;
  price: string;
  quantity: string;
  perOrderLimit: string;
  position: string;
  vipOnly: boolean;
  minTierId: string;
  /** A seat at the venue, or watching the live show online (decision 113). */
  kind: TicketKind;
};

const formOf = (type: AdminTicketType | null, nextPosition: number): Form =>
  type
    ? {
        name: type.name,
        namePtBr: type.namePtBr ?? "",
        price: (type.priceCents / 100).toFixed(2),
        quantity: String(type.quantity),
        perOrderLimit: String(type.perOrderLimit),
        position: String(type.position),
        vipOnly: type.vipOnly,
        minTierId: type.minTierId ?? "",
        kind: type.kind,
      }
    : {
        name: "",
        namePtBr: "",
        price: "",
        quantity: "",
        perOrderLimit: "10",
        position: String(nextPosition),
        vipOnly: false,
        minTierId: "",
        kind: "venue",
      };

/** A typed number, or the text itself for the schema to refuse (blank is missing). */
const numberOf = (text: string): unknown => (text.trim() === "" ? undefined : Number.isFinite(Number(text)) ? Number(text) : text);

/** The typed price in cents; a price with more than two decimals is left fractional, for the schema to refuse. */
function centsOf(text: string): unknown {
  const amount = numberOf(text);
  return typeof amount === "number" ? (inCents(amount) ? Math.round(amount * 100) : amount * 100) : amount;
}

const inputOf = (form: Form) =>
  ({
    name: form.name,
    namePtBr: form.namePtBr,
    priceCents: centsOf(form.price),
    quantity: numberOf(form.quantity),
    perOrderLimit: numberOf(form.perOrderLimit),
    position: numberOf(form.position),
    vipOnly: form.vipOnly,
    minTierId: form.minTierId || null,
    kind: form.kind,
  }) as TicketTypeInput;

const errorText = (code: string, params: Record<string, string | number> | undefined, text: string): ErrorText =>
  codeText(code, params, TICKET_TYPE_ERROR_TEXTS) ?? { text };

type Props = { eventId: string; currency: string; type: AdminTicketType | null; nextPosition: number; onClose: () => void };

export function TicketTypeDialog({ eventId, currency, type, nextPosition, onClose }: Props) {
  const intl = useIntl();
  const formId = useId();
  const queryClient = useQueryClient();
  const refresh = useEventsRefresh();
  const [form, setForm] = useState<Form>(() => formOf(type, nextPosition));
  const [errors, setErrors] = useState<Partial<Record<Field, ErrorText>>>({});
  // The paid tiers a type may ask (the free tier is every account's); the Worker checks the choice again.
  const tiers = useQuery(tierChoicesQueryOptions()).data?.tiers.filter((t) => t.rank > 0) ?? [];
  const tierOptions = [{ value: "", label: intl.formatMessage(m.fieldMinTierNone) }, ...tiers.map((t) => ({ value: t.id, label: tierNameIn(intl, t) }))];
  const save = useMutation({
    mutationFn: (input: TicketTypeInput) => (type ? ticketTypeWrites.update(eventId, type.id, input) : ticketTypeWrites.create(eventId, input)),
    onSettled: () => {
      refresh();
      void queryClient.invalidateQueries({ queryKey: ticketTypesQueryOptions(eventId).queryKey });
    },
  });
  const set =
    <K extends keyof Form>(key: K) =>
    (value: Form[K]) =>
      setForm((current) => ({ ...current, [key]: value }));

  const submit = (e: FormEvent) => {
    e.preventDefault();
    // The dialog sits in the event form's React tree: its submit must not save the event too.
    e.stopPropagation();
    if (save.isPending) return;
    const checked = ticketTypeInputSchema.safeParse(inputOf(form));
    if (!checked.success) {
      const found: Partial<Record<Field, ErrorText>> = {};
      for (const issue of checked.error.issues) {
        const field = String(issue.path[0] ?? "") as Field;
        if (!field || field in found) continue;
        const { code, params, message } = validationFailure(issue);
        found[field] = errorText(code, params, message);
      }
      setErrors(found);
      return;
    }
    setErrors({});
    save.mutate(inputOf(form), {
      onSuccess: onClose,
      onError: (err) => {
        if (err instanceof ApiRequestError && err.status === 400 && err.field) {
          setErrors({ [err.field.split(".")[0] as Field]: errorText(err.code, err.params, err.message) });
        }
      },
    });
  };

  const failed = save.isError && !(save.error instanceof ApiRequestError && save.error.status === 400 && save.error.field);
  const known = failed ? serverErrorText(save.error, TICKET_TYPE_ERROR_TEXTS) : undefined;
  const footer = (
    <>
      {failed && (
        <p className="error-banner" role="alert">
          {known ? <FormattedMessage {...known.message} values={known.values} /> : intl.formatMessage(m.saveFailed)}
        </p>
      )}
      <div className="form-actions">
        <button type="button" className="btn btn-ghost" onClick={onClose}>
          {intl.formatMessage(em.cancel)}
        </button>
        <button type="submit" form={formId} className="btn btn-primary" disabled={save.isPending}>
          {intl.formatMessage(save.isPending ? em.saving : em.save)}
        </button>
      </div>
    </>
  );

  return (
    <Modal title={intl.formatMessage(type ? m.editTitle : m.addTitle)} onClose={onClose} footer={footer} className="admin-events-dialog">
      <form id={formId} className="form admin-ticket-type-form" noValidate onSubmit={submit}>
        <TextInput
          label={intl.formatMessage(m.fieldName)}
          hint={intl.formatMessage(m.fieldNameHint)}
          required
          value={form.name}
          onChange={set("name")}
          error={errors.name}
          maxLength={TICKET_LIMITS.nameMax}
        />
        <TextInput
          label={intl.formatMessage(m.fieldNamePtBr)}
          hint={intl.formatMessage(em.fieldPtBRHint)}
          value={form.namePtBr}
          onChange={set("namePtBr")}
          error={errors.namePtBr}
          maxLength={TICKET_LIMITS.nameMax}
        />
        <div className="admin-events-grid">
          <NumberInput
            money
            label={intl.formatMessage(m.priceLabel, { currency })}
            required
            value={form.price}
            onChange={set("price")}
            error={errors.priceCents}
          />
          <NumberInput label={intl.formatMessage(m.fieldQuantity)} required value={form.quantity} onChange={set("quantity")} error={errors.quantity} />
          <NumberInput label={intl.formatMessage(m.fieldPerOrder)} value={form.perOrderLimit} onChange={set("perOrderLimit")} error={errors.perOrderLimit} />
          <NumberInput label={intl.formatMessage(m.fieldPosition)} value={form.position} onChange={set("position")} error={errors.position} />
        </div>
        <SelectInput
          label={intl.formatMessage(m.fieldKind)}
          hint={intl.formatMessage(m.fieldKindHint)}
          options={TICKET_KINDS.map((kind) => ({ value: kind, label: intl.formatMessage(kind === "online" ? m.kindOnline : m.kindVenue) }))}
          value={form.kind}
          onChange={(value) => set("kind")(value as TicketKind)}
        />
        <Checkbox label={intl.formatMessage(m.fieldVipOnly)} hint={intl.formatMessage(m.fieldVipOnlyHint)} checked={form.vipOnly} onChange={set("vipOnly")} />
        <SelectInput
          label={intl.formatMessage(m.fieldMinTier)}
          hint={intl.formatMessage(m.fieldMinTierHint)}
          options={tierOptions}
          value={form.minTierId}
          onChange={set("minTierId")}
          error={errors.minTierId}
        />
        {/* Every problem at once is announced by the fields themselves; this keeps a summary for screen readers. */}
        {Object.keys(errors).length > 0 && (
          <div className="error-banner" role="alert">
            <ErrorMessage error={{ message: em.fixFields, values: { count: Object.keys(errors).length } }} />
          </div>
        )}
      </form>
    </Modal>
  );
}
