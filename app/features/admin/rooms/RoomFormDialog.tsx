// Add or edit a room: its names and descriptions in English and Portuguese side by side, who may
// read and who may write (members, a tier and above, or one event's ticket holders), slow mode and
// its place in the list. The shared schema checks the form before it is sent; the Worker checks it
// again and its 400 (or 409 for a name whose address is taken) lands on the field it names.
import { useState } from "react";
import { useQuery } from "@tanstack/react-query";
import { useIntl } from "react-intl";
import { roomInputSchema, ROOM_DESCRIPTION_MAX, ROOM_NAME_MAX, ROOM_POSITION_MAX, type AdminRoom, type RoomInput } from "#contracts/rooms/admin.ts";
import { ROOM_SLOW_MODE_MAX_SECONDS, type RoomAccessKind } from "#contracts/rooms/limits.ts";
import { tierChoicesQueryOptions, tierNameIn } from "#app/lib/tiers/tierGate.ts";
import type { ErrorText } from "../components/form/errors";
import { SelectField, TextField, wholeNumber } from "../components/form/fields";
import { BilingualNameFields } from "../components/form/BilingualNameFields";
import { FormDialog } from "../components/form/FormDialog";
import { fieldErrorsOf, serverError, type RoomFieldErrors } from "./errors";
import { roomsAdminMessages as m } from "./messages";
import { roomEventChoicesQueryOptions, roomsApi, useRoomWrite } from "./queries";

type Props = { room?: AdminRoom; onClose: () => void; onSaved: () => void };
type Rule = { access: RoomAccessKind; tierId: string; eventId: string };

const ruleOf = (rule: AdminRoom["read"] | undefined): Rule => ({ access: rule?.kind ?? "members", tierId: rule?.tierId ?? "", eventId: rule?.eventId ?? "" });
/** Only what the kind needs is sent: the schema refuses a tier rule without its tier. */
const sent = (rule: Rule) => ({
  access: rule.access,
  ...(rule.access === "tier" ? { tierId: rule.tierId || null } : {}),
  ...(rule.access === "ticket" ? { eventId: rule.eventId || null } : {}),
});
const numberOf = (text: string) => wholeNumber(text) ?? (text as unknown as number);

export function RoomFormDialog({ room, onClose, onSaved }: Props) {
  const intl = useIntl();
  const [names, setNames] = useState({ en: room?.name.en ?? "", ptBR: room?.name.ptBR ?? "" });
  const [descriptions, setDescriptions] = useState({ en: room?.description.en ?? "", ptBR: room?.description.ptBR ?? "" });
  const [read, setRead] = useState(ruleOf(room?.read));
  const [write, setWrite] = useState(ruleOf(room?.write));
  const [slowMode, setSlowMode] = useState(String(room?.slowModeSeconds ?? 0));
  const [position, setPosition] = useState(String(room?.position ?? 0));
  const [errors, setErrors] = useState<RoomFieldErrors>({});
  const [formError, setFormError] = useState<ErrorText | null>(null);
  const save = useRoomWrite((input: RoomInput) => (room ? roomsApi.update(room.id, input) : roomsApi.create(input)));

  const submit = () => {
    setFormError(null);
    const input = {
      nameEn: names.en,
      namePtBr: names.ptBR,
      descriptionEn: descriptions.en,
      descriptionPtBr: descriptions.ptBR,
      read: sent(read),
      write: sent(write),
      slowModeSeconds: numberOf(slowMode),
      position: numberOf(position),
    } satisfies RoomInput;
    const checked = roomInputSchema.safeParse(input);
    if (!checked.success) return setErrors(fieldErrorsOf(checked.error));
    setErrors({});
    save.mutate(input, {
      onSuccess: onSaved,
      onError: (err) => {
        const { field, error } = serverError(err);
        if (field) setErrors({ [field]: error });
        else setFormError(error);
      },
    });
  };

  return (
    <FormDialog
      title={room ? intl.formatMessage(m.formEditTitle, { name: room.name.en }) : intl.formatMessage(m.formCreateTitle)}
      onClose={onClose}
      onSubmit={submit}
      pending={save.isPending}
      submit={room ? m.formSave : m.formCreate}
      submitting={room ? m.formSaving : m.formCreating}
      error={formError}
    >
      <BilingualNameFields
        className="admin-rooms-languages"
        names={names}
        onNames={setNames}
        descriptions={descriptions}
        onDescriptions={setDescriptions}
        nameMax={ROOM_NAME_MAX}
        descriptionMax={ROOM_DESCRIPTION_MAX}
        errors={errors}
      />
      <RuleFields legend={intl.formatMessage(m.fieldRead)} rule={read} onChange={setRead} error={errors.read} />
      <RuleFields legend={intl.formatMessage(m.fieldWrite)} rule={write} onChange={setWrite} error={errors.write} />
      <TextField
        label={intl.formatMessage(m.fieldSlowMode)}
        type="number"
        min={0}
        max={ROOM_SLOW_MODE_MAX_SECONDS}
        value={slowMode}
        onChange={setSlowMode}
        error={errors.slowModeSeconds}
      />
      <TextField
        label={intl.formatMessage(m.fieldPosition)}
        type="number"
        min={0}
        max={ROOM_POSITION_MAX}
        value={position}
        onChange={setPosition}
        error={errors.position}
      />
    </FormDialog>
  );
}

type RuleProps = { legend: string; rule: Rule; onChange: (rule: Rule) => void; error?: ErrorText };

/** One rule: the kind, then the tier or the event it names. */
function RuleFields({ legend, rule, onChange, error }: RuleProps) {
  const intl = useIntl();
  const tiers = useQuery({ ...tierChoicesQueryOptions(), enabled: rule.access === "tier" }).data?.tiers ?? [];
  const events = useQuery({ ...roomEventChoicesQueryOptions(), enabled: rule.access === "ticket" }).data?.events ?? [];
  const kinds = [
    { value: "members", label: intl.formatMessage(m.accessMembers) },
    { value: "tier", label: intl.formatMessage(m.accessTier) },
    { value: "ticket", label: intl.formatMessage(m.accessTicket) },
  ] as const;
  return (
    <fieldset className="admin-rooms-rule">
      <legend>{legend}</legend>
      <SelectField<RoomAccessKind>
        label={legend}
        value={rule.access}
        options={kinds}
        onChange={(access) => onChange({ ...rule, access })}
        error={rule.access === "members" ? error : undefined}
      />
      {rule.access === "tier" && (
        <SelectField
          label={intl.formatMessage(m.fieldTier)}
          value={rule.tierId}
          options={[
            { value: "", label: intl.formatMessage(m.chooseTier) },
            ...tiers.filter((t) => !t.archived || t.id === rule.tierId).map((t) => ({ value: t.id, label: tierNameIn(intl, t) })),
          ]}
          onChange={(tierId) => onChange({ ...rule, tierId })}
          error={error}
        />
      )}
      {rule.access === "ticket" && (
        <SelectField
          label={intl.formatMessage(m.fieldEvent)}
          value={rule.eventId}
          options={[{ value: "", label: intl.formatMessage(m.chooseEvent) }, ...events.map((e) => ({ value: e.id, label: e.title }))]}
          onChange={(eventId) => onChange({ ...rule, eventId })}
          error={error}
        />
      )}
    </fieldset>
  );
}
