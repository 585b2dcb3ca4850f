// Visible strings of the store's checkout pages (the local test checkout for carts, the return
// page), in this folder's catalogs (CheckoutMessages provides them).
import { defineMessage, defineMessages } from "react-intl";

export const checkoutMessages = defineMessages({
  testBadge: { id: "storeCheckout.test.badge", defaultMessage: "TEST MODE" },
  testNotice: {
    id: "storeCheckout.test.notice",
    defaultMessage: "No real payment happens here. This built-in checkout stands in for Stripe while the site runs without a Stripe account.",
  },
  testTitle: { id: "storeCheckout.test.title", defaultMessage: "Test checkout" },
  loading: { id: "storeCheckout.loading", defaultMessage: "Loading your checkout..." },
  loadFailed: { id: "storeCheckout.loadFailed", defaultMessage: "Could not load this checkout." },
  retry: { id: "storeCheckout.retry", defaultMessage: "Try again" },
  notFound: { id: "storeCheckout.notFound", defaultMessage: "Checkout not found. It may belong to another browser or account." },
  finished: { id: "storeCheckout.finished", defaultMessage: "This checkout is already finished." },
  backToCart: { id: "storeCheckout.backToCart", defaultMessage: "Back to the cart" },
  toStore: { id: "storeCheckout.toStore", defaultMessage: "Go to the store" },
  lines: { id: "storeCheckout.lines", defaultMessage: "Your order" },
  subtotal: { id: "storeCheckout.subtotal", defaultMessage: "Subtotal" },
  shipping: { id: "storeCheckout.shipping", defaultMessage: "Shipping" },
  freeShipping: { id: "storeCheckout.freeShipping", defaultMessage: "Free" },
  total: { id: "storeCheckout.total", defaultMessage: "Total" },
  vipPrice: { id: "storeCheckout.vipPrice", defaultMessage: "VIP price" },
  addressTitle: { id: "storeCheckout.address.title", defaultMessage: "Test shipping address" },
  addressHint: { id: "storeCheckout.address.hint", defaultMessage: "Stripe asks for this address; any test address in the chosen country will do." },
  name: { id: "storeCheckout.address.name", defaultMessage: "Full name" },
  line1: { id: "storeCheckout.address.line1", defaultMessage: "Address" },
  line2: { id: "storeCheckout.address.line2", defaultMessage: "Apartment, suite (optional)" },
  city: { id: "storeCheckout.address.city", defaultMessage: "City" },
  state: { id: "storeCheckout.address.state", defaultMessage: "State or region (optional)" },
  postalCode: { id: "storeCheckout.address.postalCode", defaultMessage: "Postal code" },
  country: { id: "storeCheckout.address.country", defaultMessage: "Country" },
  addressIncomplete: { id: "storeCheckout.address.incomplete", defaultMessage: "Fill in the address, city and postal code." },
  payHint: { id: "storeCheckout.payHint", defaultMessage: "Simulates a successful card payment." },
  decline: { id: "storeCheckout.decline", defaultMessage: "Decline payment" },
  declineHint: { id: "storeCheckout.declineHint", defaultMessage: "Simulates a card the bank refuses: the items go back on sale." },
  abandon: { id: "storeCheckout.abandon", defaultMessage: "Abandon checkout" },
  abandonHint: { id: "storeCheckout.abandonHint", defaultMessage: "Leaves without paying, as if the session expired." },
  processing: { id: "storeCheckout.processing", defaultMessage: "Processing..." },
  actionFailed: { id: "storeCheckout.actionFailed", defaultMessage: "Something went wrong. Please try again." },
  thanksProcessingTitle: { id: "storeCheckout.thanks.processing.title", defaultMessage: "Confirming your payment..." },
  thanksProcessingBody: { id: "storeCheckout.thanks.processing.body", defaultMessage: "This usually takes a few seconds. Please keep this page open." },
  thanksSlowTitle: { id: "storeCheckout.thanks.slow.title", defaultMessage: "Still confirming your payment" },
  thanksSlowBody: {
    id: "storeCheckout.thanks.slow.body",
    defaultMessage: "Confirmation is taking longer than usual. If your payment went through, your receipt will arrive by e-mail shortly.",
  },
  checkAgain: { id: "storeCheckout.thanks.checkAgain", defaultMessage: "Check again" },
  paidTitle: { id: "storeCheckout.thanks.paid.title", defaultMessage: "Thank you for your order!" },
  nextDownloads: {
    id: "storeCheckout.thanks.next.downloads",
    defaultMessage: "Your downloads are ready: the receipt has the links, and your collection always has fresh ones.",
  },
  nextShipping: { id: "storeCheckout.thanks.next.shipping", defaultMessage: "We will pack your items and e-mail you the tracking number when they ship." },
  nextGift: { id: "storeCheckout.thanks.next.gift", defaultMessage: "Your gift VIP codes are in the receipt: give one to a friend to redeem." },
  nextTickets: {
    id: "storeCheckout.thanks.next.tickets",
    defaultMessage: "Your tickets, each with its QR code, are in the receipt and on your tickets page: show one at the door.",
  },
  toTickets: { id: "storeCheckout.thanks.toTickets", defaultMessage: "Open my tickets" },
  toCollection: { id: "storeCheckout.thanks.toCollection", defaultMessage: "Open my collection" },
  keepShopping: { id: "storeCheckout.thanks.keepShopping", defaultMessage: "Keep shopping" },
  failedTitle: { id: "storeCheckout.thanks.failed.title", defaultMessage: "Payment failed" },
  failedBody: {
    id: "storeCheckout.thanks.failed.body",
    defaultMessage: "Your payment did not go through and nothing was charged. Your items are back on sale: try again from your cart.",
  },
  expiredTitle: { id: "storeCheckout.thanks.expired.title", defaultMessage: "Checkout expired" },
  expiredBody: {
    id: "storeCheckout.thanks.expired.body",
    defaultMessage: "This checkout ended before it was paid, and nothing was charged. Your cart is still there.",
  },
  noneTitle: { id: "storeCheckout.thanks.none.title", defaultMessage: "Nothing to confirm" },
  noneBody: { id: "storeCheckout.thanks.none.body", defaultMessage: "We couldn't find a checkout of yours waiting for confirmation." },
});

// Messages with arguments are typed one by one, so a missing value is a compile error.
export const tierPriceMessage = defineMessage<{ tier: string }>({ id: "storeCheckout.tierPrice", defaultMessage: "{tier} price" });
export const payMessage = defineMessage<{ total: string }>({ id: "storeCheckout.pay", defaultMessage: "Pay {total}" });
export const discountMessage = defineMessage<{ code: string }>({ id: "storeCheckout.discount", defaultMessage: "Discount ({code})" });
export const shipsToMessage = defineMessage<{ country: string }>({ id: "storeCheckout.shipsTo", defaultMessage: "Ships to {country}" });
export const expiresMessage = defineMessage<{ time: string }>({ id: "storeCheckout.expires", defaultMessage: "This session holds your items until {time}." });
export const orderNumberMessage = defineMessage<{ number: string }>({ id: "storeCheckout.thanks.orderNumber", defaultMessage: "Order #{number}" });
export const receiptSentMessage = defineMessage<{ email: string }>({
  id: "storeCheckout.thanks.receiptSent",
  defaultMessage: "We have e-mailed your receipt to {email}.",
});

// Sales tax on the local test checkout (decision 093): the buyer's place and the Worker's DEMO tax.
export const taxMessages = defineMessages({
  placeTitle: { id: "storeCheckout.tax.placeTitle", defaultMessage: "Billing location" },
  placeHint: { id: "storeCheckout.tax.placeHint", defaultMessage: "Stripe asks for this to work out sales tax or VAT." },
  country: { id: "storeCheckout.tax.country", defaultMessage: "Country" },
  countryChoose: { id: "storeCheckout.tax.countryChoose", defaultMessage: "Choose a country" },
  state: { id: "storeCheckout.tax.state", defaultMessage: "State (two letters, e.g. CA)" },
  postalCode: { id: "storeCheckout.tax.postalCode", defaultMessage: "Postal code" },
  taxId: { id: "storeCheckout.tax.taxId", defaultMessage: "Business tax ID (optional)" },
  demo: {
    id: "storeCheckout.tax.demo",
    defaultMessage: "DEMO tax rates: the local checkout's own table, for trying the site out. The live site's tax comes from Stripe Tax.",
  },
  notCollected: { id: "storeCheckout.tax.notCollected", defaultMessage: "Tax: not collected for this location" },
  chooseFirst: { id: "storeCheckout.tax.chooseFirst", defaultMessage: "Choose your country to see the tax." },
  loadFailed: { id: "storeCheckout.tax.loadFailed", defaultMessage: "The tax could not be worked out. Check the location and try again." },
  totalWithTax: { id: "storeCheckout.tax.total", defaultMessage: "Total to pay" },
});
export const taxAddedMessage = defineMessage<{ place: string }>({ id: "storeCheckout.tax.added", defaultMessage: "Tax ({place}, DEMO rate)" });
export const taxIncludedMessage = defineMessage<{ place: string }>({ id: "storeCheckout.tax.included", defaultMessage: "Includes tax ({place}, DEMO rate)" });
