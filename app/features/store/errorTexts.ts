// The store's refusals as the cart and product pages say them (the Worker's codes, route-codes.ts),
// in this feature's catalogs; codes the site already words (email_invalid, ...) keep the site's text.
import { defineMessages } from "react-intl";
import type { ErrorTexts } from "../../lib/forms/errorText";

const m = defineMessages({
  product_not_found: { id: "store.cartError.productNotFound", defaultMessage: "A product in your cart is no longer in the store: remove it to go on." },
  product_not_for_sale: { id: "store.cartError.productNotForSale", defaultMessage: "A product in your cart is not for sale right now." },
  variant_required: { id: "store.cartError.variantRequired", defaultMessage: "Choose a size or colour first." },
  variant_mismatch: { id: "store.cartError.variantMismatch", defaultMessage: "That option belongs to another product." },
  price_below_minimum: { id: "store.cartError.priceBelowMinimum", defaultMessage: "An amount is under its product's minimum price." },
  currency_not_offered: { id: "store.cartError.currencyNotOffered", defaultMessage: "A product in your cart is not sold in that currency: choose another." },
  quantity_over_limit: { id: "store.cartError.quantityOverLimit", defaultMessage: "That is more than one order may hold of a product." },
  quantity_over_stock: { id: "store.cartError.quantityOverStock", defaultMessage: "There are not that many left of a product: lower the quantity." },
  sold_out: { id: "store.cartError.soldOut", defaultMessage: "Sold out: someone else took the last ones." },
  promo_code_invalid: { id: "store.cartError.promoCodeInvalid", defaultMessage: "This code is not valid in the store." },
  promo_code_used_up: { id: "store.cartError.promoCodeUsedUp", defaultMessage: "This code has been used up." },
  promo_code_not_started: { id: "store.cartError.promoCodeNotStarted", defaultMessage: "This code is not valid yet." },
  promo_code_expired: { id: "store.cartError.promoCodeExpired", defaultMessage: "This code has expired." },
  promo_code_vip_only: { id: "store.cartError.promoCodeVipOnly", defaultMessage: "This code is for VIP members only." },
  promo_code_not_applicable: { id: "store.cartError.promoCodeNotApplicable", defaultMessage: "This code does not apply to anything in your cart." },
  cart_empty: { id: "store.cartError.cartEmpty", defaultMessage: "Your cart is empty." },
  shipping_country_required: { id: "store.cartError.shippingCountryRequired", defaultMessage: "Choose the country to ship to." },
  store_checkout_not_found: { id: "store.cartError.checkoutNotFound", defaultMessage: "That checkout no longer exists: start again from your cart." },
});

export const STORE_ERROR_TEXTS: ErrorTexts = m;
