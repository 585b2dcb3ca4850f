// The lowest membership tier a VIP item admits (decision 104): "VIP and above" (sent as null, what
// every item meant before tiers) or a paid tier above VIP from GET /api/admin/tier-choices. An
// archived tier is offered only to the item that already names it, as the Worker allows.
import { useQuery } from "@tanstack/react-query";
import { useIntl } from "react-intl";
import { VIP_TIER_RANK } from "#contracts/tiers/tiers.ts";
import { archivedTierMessage, minTierMessage, tierChoicesQueryOptions, tierNameIn } from "#app/lib/tiers/tierGate.ts";
import type { ErrorText } from "./errors";
import { SelectField } from "./fields";
import { formKitMessages as m } from "./messages";

type Props = { value: string | null; onChange: (id: string | null) => void; error?: ErrorText | null };

/** The select's options: "" for VIP and above, then the paid tiers above VIP (an archived one only when it is `value`). */
export function useMinTierOptions(value: string | null) {
  const intl = useIntl();
  const tiers = useQuery(tierChoicesQueryOptions()).data?.tiers ?? [];
  const choices = tiers.filter((t) => t.rank > VIP_TIER_RANK && (!t.archived || t.id === value));
  return [
    { value: "", label: intl.formatMessage(m.minTierVip) },
    ...choices.map((t) => {
      const name = tierNameIn(intl, t);
      return { value: t.id, label: intl.formatMessage(minTierMessage, { tier: t.archived ? intl.formatMessage(archivedTierMessage, { tier: name }) : name }) };
    }),
  ];
}

export function MinTierField({ value, onChange, error }: Props) {
  const intl = useIntl();
  const options = useMinTierOptions(value);
  return <SelectField label={intl.formatMessage(m.minTier)} value={value ?? ""} options={options} onChange={(id) => onChange(id || null)} error={error} />;
}
