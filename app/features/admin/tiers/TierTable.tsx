// The tiers table, the top of the ladder first: each tier with its badge swatch and names, its
// prices (USD and BRL; VIP's are configured elsewhere, the free tier's nothing), free trial,
// members, state and actions. The free tier and VIP are edited only; the admin's tiers move up or
// down among themselves and are archived or brought back.
import { useIntl, type MessageDescriptor } from "react-intl";
import type { AdminTier } from "#contracts/tiers/admin.ts";
import { tiersAdminMessages as m } from "./messages";

export type TierAction = "edit" | "up" | "down" | "archive";

const money = (intl: ReturnType<typeof useIntl>, cents: number, currency: string) =>
  intl.formatNumber(cents / 100, { style: "currency", currency, minimumFractionDigits: 2, maximumFractionDigits: 2 });

function PriceCell({ tier, usd, brl }: { tier: AdminTier; usd: number | null; brl: number | null }) {
  const intl = useIntl();
  if (tier.builtIn) return <>{intl.formatMessage(tier.id === "vip" ? m.configuredPrice : m.free)}</>;
  const parts = [usd !== null ? money(intl, usd, "USD") : null, brl !== null ? money(intl, brl, "BRL") : null].filter((p) => p !== null);
  return <>{parts.length ? parts.join(" · ") : intl.formatMessage(m.none)}</>;
}

type Props = { tiers: AdminTier[]; busy: boolean; onAction: (action: TierAction, tier: AdminTier) => void };

export function TierTable({ tiers, busy, onAction }: Props) {
  const intl = useIntl();
  const ladder = [...tiers].sort((a, b) => b.rank - a.rank);
  const own = ladder.filter((tier) => !tier.builtIn);
  return (
    <div className="table-wrap">
      <table className="table admin-tiers-table">
        <caption className="sr-only">{intl.formatMessage(m.caption)}</caption>
        <thead>
          <tr>
            <th scope="col">{intl.formatMessage(m.colTier)}</th>
            <th scope="col">{intl.formatMessage(m.colMonthly)}</th>
            <th scope="col">{intl.formatMessage(m.colYearly)}</th>
            <th scope="col">{intl.formatMessage(m.colTrial)}</th>
            <th scope="col">{intl.formatMessage(m.colMembers)}</th>
            <th scope="col">{intl.formatMessage(m.colState)}</th>
            <th scope="col">{intl.formatMessage(m.colActions)}</th>
          </tr>
        </thead>
        <tbody>
          {ladder.map((tier) => (
            <TierRow key={tier.id} tier={tier} busy={busy} first={own[0]?.id === tier.id} last={own.at(-1)?.id === tier.id} onAction={onAction} />
          ))}
        </tbody>
      </table>
    </div>
  );
}

type RowProps = { tier: AdminTier; busy: boolean; first: boolean; last: boolean; onAction: Props["onAction"] };

function TierRow({ tier, busy, first, last, onAction }: RowProps) {
  const intl = useIntl();
  const name = intl.locale === "pt-BR" ? tier.name.ptBR : tier.name.en;
  const action = (kind: TierAction, label: MessageDescriptor, named: MessageDescriptor, disabled = false) => (
    <button
      type="button"
      className="btn btn-ghost btn-sm"
      aria-label={intl.formatMessage(named, { name })}
      disabled={disabled || busy}
      onClick={() => onAction(kind, tier)}
    >
      {intl.formatMessage(label)}
    </button>
  );
  return (
    <tr data-archived={tier.archived || undefined}>
      <th scope="row">
        <span className="admin-tiers-name">
          <span className="admin-tiers-swatch" style={{ background: tier.badgeColor }} aria-hidden="true" />
          <span>
            {tier.name.en}
            <span className="admin-tiers-alt" lang="pt-BR">
              {tier.name.ptBR}
            </span>
          </span>
        </span>
      </th>
      <td>
        <PriceCell tier={tier} usd={tier.prices.monthlyUsd} brl={tier.prices.monthlyBrl} />
      </td>
      <td>
        <PriceCell tier={tier} usd={tier.prices.yearlyUsd} brl={tier.prices.yearlyBrl} />
      </td>
      <td>{tier.trialDays > 0 ? intl.formatMessage(m.trialDays, { days: tier.trialDays }) : intl.formatMessage(m.none)}</td>
      <td>{intl.formatNumber(tier.memberCount)}</td>
      <td>
        <span className="badge admin-tiers-state" data-state={tier.archived ? "archived" : "active"}>
          {intl.formatMessage(tier.builtIn ? m.builtIn : tier.archived ? m.stateArchived : m.stateActive)}
        </span>
      </td>
      <td>
        <div className="admin-tiers-actions">
          {action("edit", m.edit, m.editNamed)}
          {!tier.builtIn && (
            <>
              {action("up", m.moveUp, m.moveUpNamed, first)}
              {action("down", m.moveDown, m.moveDownNamed, last)}
              {action("archive", tier.archived ? m.unarchive : m.archive, tier.archived ? m.unarchiveNamed : m.archiveNamed)}
            </>
          )}
        </div>
      </td>
    </tr>
  );
}
