// The header's cart: a link to /store/cart with the number of items in it, for visitors (their
// browser's cart) and members (the Worker's). Being on every page, it is also where a member's
// browser cart joins theirs once they sign in.
import { Link } from "@tanstack/react-router";
import { useIntl } from "react-intl";
import { itemCount } from "../../lib/cart/browserCart";
import { useCart, useMergeBrowserCartOnSignIn } from "../../lib/cart/useCart";
import { Icon } from "../Icon";
import { cartLinkMessage } from "./navMessages";
import "./cart-link.css";

export function CartLink() {
  const intl = useIntl();
  useMergeBrowserCartOnSignIn();
  const count = itemCount(useCart().lines);
  return (
    <Link to="/store/cart" className="cart-link" aria-label={intl.formatMessage(cartLinkMessage, { count })} activeProps={{ "aria-current": "page" }}>
      <Icon name="bag" size={22} />
      {count > 0 && (
        <span className="cart-link-badge" aria-hidden="true">
          {count > 99 ? "99+" : count}
        </span>
      )}
    </Link>
  );
}
