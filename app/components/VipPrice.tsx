// The VIP plans' prices (docs/features.md#payments-and-vip), from /api/config, formatted for the
// reader's locale: the monthly one (configuration, the spec's $9.99) and the yearly one (the
// admin's setting), with what the yearly plan saves against twelve monthly payments.
import { FormattedMessage, FormattedNumber } from "react-intl";
import { monthsFreeOf } from "#contracts/vip-plans.ts";
import { useSiteConfig } from "../lib/session/useSession";

/** "$9.99" / "US$ 9,99"; nothing until the settings have loaded. */
export function VipPriceAmount() {
  const config = useSiteConfig();
  if (!config) return null;
  return <FormattedNumber value={config.vipPrice.amountCents / 100} style="currency" currency={config.vipPrice.currency} />;
}

/** "$9.99/month". */
export function VipPricePerMonth() {
  const config = useSiteConfig();
  if (!config) return null;
  return <FormattedMessage id="common.vipPrice.perMonth" defaultMessage="{price}/month" values={{ price: <VipPriceAmount /> }} />;
}

/** An amount as a plan shows it: whole amounts without cents ("$99"), others with them ("$99.50"). */
export function PlanAmount({ cents, currency }: { cents: number; currency: string }) {
  const whole = cents % 100 === 0;
  return <FormattedNumber value={cents / 100} style="currency" currency={currency} minimumFractionDigits={whole ? 0 : 2} maximumFractionDigits={2} />;
}

/** "$99" / "US$ 99"; nothing until the settings have loaded. */
export function VipYearlyPriceAmount() {
  const config = useSiteConfig();
  if (!config) return null;
  return <PlanAmount cents={config.vipYearlyPrice.amountCents} currency={config.vipYearlyPrice.currency} />;
}

/** "$99/year". */
export function VipPricePerYear() {
  const config = useSiteConfig();
  if (!config) return null;
  return <FormattedMessage id="common.vipPrice.perYear" defaultMessage="{price}/year" values={{ price: <VipYearlyPriceAmount /> }} />;
}

/** Whole months the yearly plan saves against twelve monthly payments; 0 (say nothing) when under one. */
export function useMonthsFree(): number {
  const config = useSiteConfig();
  return config ? monthsFreeOf(config.vipYearlyPrice.amountCents, config.vipPrice.amountCents) : 0;
}

/** "2 months free", only when the yearly plan saves at least a month. */
export function VipMonthsFree() {
  const months = useMonthsFree();
  if (months < 1) return null;
  return <FormattedMessage id="common.vipPrice.monthsFree" defaultMessage="{months, plural, one {# month free} other {# months free}}" values={{ months }} />;
}
