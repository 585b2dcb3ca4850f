// The back office's tier picker (decision 099): "this tier and above" with the lowest tier, or
// "only the tiers chosen" with a box per tier. The tiers come from the Worker (admins only); the
// Worker checks the choice again.
import { useId } from "react";
import { FormattedMessage, useIntl } from "react-intl";
import type { GateTierChoice, TierGate } from "#contracts/tiers/gate.ts";
import { archivedTierMessage, tierGateMessages as m, tierNameIn } from "../../lib/tiers/tierGate";

type Props = { tiers: GateTierChoice[]; value: TierGate; onChange: (gate: TierGate) => void; disabled?: boolean };

export function TierGateField({ tiers, value, onChange, disabled }: Props) {
  const intl = useIntl();
  const id = useId();
  const label = (tier: GateTierChoice) => (tier.archived ? intl.formatMessage(archivedTierMessage, { tier: tierNameIn(intl, tier) }) : tierNameIn(intl, tier));
  const paid = tiers.filter((t) => t.rank > 0);
  const chosen = "tierIds" in value ? value.tierIds : [];
  const toggle = (tierId: string, on: boolean) => {
    const next = on ? [...chosen, tierId] : chosen.filter((t) => t !== tierId);
    onChange({ tierIds: next });
  };
  return (
    <fieldset className="field tier-gate-field" disabled={disabled}>
      <legend>
        <FormattedMessage {...m.mode} />
      </legend>
      <select
        aria-label={intl.formatMessage(m.mode)}
        name="tierGateMode"
        value={"minTier" in value ? "min" : "chosen"}
        onChange={(e) => onChange(e.target.value === "min" ? { minTier: paid[0]?.id ?? "vip" } : { tierIds: [] })}
      >
        <option value="min">{intl.formatMessage(m.modeMin)}</option>
        <option value="chosen">{intl.formatMessage(m.modeChosen)}</option>
      </select>
      {"minTier" in value ? (
        <>
          <label htmlFor={`${id}-tier`}>
            <FormattedMessage {...m.tier} />
          </label>
          <select id={`${id}-tier`} name="minTier" value={value.minTier} onChange={(e) => onChange({ minTier: e.target.value })}>
            {paid.map((tier) => (
              <option key={tier.id} value={tier.id}>
                {label(tier)}
              </option>
            ))}
          </select>
        </>
      ) : (
        <div role="group" aria-label={intl.formatMessage(m.chosen)}>
          {tiers.map((tier) => (
            <label key={tier.id}>
              <input type="checkbox" name="tierIds" value={tier.id} checked={chosen.includes(tier.id)} onChange={(e) => toggle(tier.id, e.target.checked)} />{" "}
              {label(tier)}
            </label>
          ))}
        </div>
      )}
    </fieldset>
  );
}
