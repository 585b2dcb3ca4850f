// The one VIP price (docs/features.md#payments-and-vip), from /api/config, formatted for the reader's locale.
import { FormattedMessage, FormattedNumber } from "react-intl";
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
