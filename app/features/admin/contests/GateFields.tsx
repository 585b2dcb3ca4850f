// One of a contest's two gates (who may download the stems, who may enter): members, a tier and
// above (the tier picker), or the ticket holders of an event (the event picker).
import { useQuery } from "@tanstack/react-query";
import { useIntl } from "react-intl";
import type { ContestAccessKind } from "#contracts/contests/limits.ts";
import { tierChoicesQueryOptions, tierNameIn } from "#app/lib/tiers/tierGate.ts";
import type { ErrorText } from "../components/form/errors";
import { SelectField } from "../components/form/fields";
import type { Gate } from "./form-values";
import { contestsAdminMessages as m } from "./messages";
import { contestEventChoicesQueryOptions } from "./queries";

type Props = { legend: string; gate: Gate; onChange: (gate: Gate) => void; error?: ErrorText };

export function GateFields({ legend, gate, onChange, error }: Props) {
  const intl = useIntl();
  const tiers = useQuery({ ...tierChoicesQueryOptions(), enabled: gate.access === "tier" }).data?.tiers ?? [];
  const events = useQuery({ ...contestEventChoicesQueryOptions(), enabled: gate.access === "ticket" }).data?.events ?? [];
  const kinds = [
    { value: "members", label: intl.formatMessage(m.accessMembers) },
    { value: "tier", label: intl.formatMessage(m.accessTier) },
    { value: "ticket", label: intl.formatMessage(m.accessTicket) },
  ] as const;
  return (
    <fieldset className="admin-contests-gate">
      <legend>{legend}</legend>
      <SelectField<ContestAccessKind>
        label={legend}
        value={gate.access}
        options={kinds}
        onChange={(access) => onChange({ ...gate, access })}
        error={gate.access === "members" ? error : undefined}
      />
      {gate.access === "tier" && (
        <SelectField
          label={intl.formatMessage(m.fieldTier)}
          value={gate.tierId}
          options={[
            { value: "", label: intl.formatMessage(m.chooseTier) },
            ...tiers.filter((t) => !t.archived || t.id === gate.tierId).map((t) => ({ value: t.id, label: tierNameIn(intl, t) })),
          ]}
          onChange={(tierId) => onChange({ ...gate, tierId })}
          error={error}
        />
      )}
      {gate.access === "ticket" && (
        <SelectField
          label={intl.formatMessage(m.fieldEvent)}
          value={gate.eventId}
          options={[{ value: "", label: intl.formatMessage(m.chooseEvent) }, ...events.map((e) => ({ value: e.id, label: e.title }))]}
          onChange={(eventId) => onChange({ ...gate, eventId })}
          error={error}
        />
      )}
    </fieldset>
  );
}
