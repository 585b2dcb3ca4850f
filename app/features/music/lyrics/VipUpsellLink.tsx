// The way to VIP lyrics inside the site: the router's link to the VIP page.
import { Link } from "@tanstack/react-router";
import { useIntl } from "react-intl";
import { lyricsMessages as m } from "./messages";

export function VipUpsellLink() {
  const intl = useIntl();
  return (
    <Link to="/vip-signup" className="btn btn-primary btn-sm">
      {intl.formatMessage(m.becomeVip)}
    </Link>
  );
}
