// Visible strings of the buyer's collection (/collection), in this feature's catalogs.
import { defineMessage, defineMessages } from "react-intl";
import type { OrderStatus } from "#contracts/store/model.ts";
import type { GiftCodeState } from "#contracts/store/collection.ts";

export const collectionMessages = {
  ...defineMessages({
    loading: { id: "collection.loading", defaultMessage: "Loading your collection..." },
    loadFailed: { id: "collection.loadFailed", defaultMessage: "Your collection could not be loaded" },
    retry: { id: "collection.retry", defaultMessage: "Try again" },
    emptyTitle: { id: "collection.empty.title", defaultMessage: "Nothing here yet" },
    emptyHint: { id: "collection.empty.hint", defaultMessage: "Albums and tracks you buy, your orders and gift codes show up here." },
    emptyLink: { id: "collection.empty.link", defaultMessage: "Visit the store" },
    releasesHeading: { id: "collection.releases.heading", defaultMessage: "Music" },
    releasesLabel: { id: "collection.releases.label", defaultMessage: "Your music" },
    ordersHeading: { id: "collection.orders.heading", defaultMessage: "Orders" },
    giftsHeading: { id: "collection.gifts.heading", defaultMessage: "Gift codes" },
    download: { id: "collection.download", defaultMessage: "Download" },
    downloadsLabel: { id: "collection.downloads.label", defaultMessage: "Downloads" },
    renewing: { id: "collection.renewing", defaultMessage: "Preparing a fresh link..." },
    renewFailed: { id: "collection.renewFailed", defaultMessage: "The download could not be started. Please try again." },
    preparing: { id: "collection.preparing", defaultMessage: "Being prepared..." },
    preparingHint: {
      id: "collection.preparing.hint",
      defaultMessage: "This download is being prepared. It starts by itself as soon as it is ready.",
    },
    play: { id: "collection.play", defaultMessage: "Play" },
    pause: { id: "collection.pause", defaultMessage: "Pause" },
    noTracks: { id: "collection.noTracks", defaultMessage: "No tracks to play yet" },
    trackLabel: { id: "collection.kind.track", defaultMessage: "Track" },
    albumLabel: { id: "collection.kind.album", defaultMessage: "Album" },
    tracking: { id: "collection.order.tracking", defaultMessage: "Track the parcel" },
    newTab: { id: "collection.newTab", defaultMessage: "(opens in a new tab)" },
    printCard: { id: "collection.gift.print", defaultMessage: "Print card" },
    claimHeading: { id: "collection.claim.heading", defaultMessage: "Bought as a guest?" },
    claimIntro: {
      id: "collection.claim.intro",
      defaultMessage:
        "Purchases made with your account's address appear here once it is confirmed. Bought with another address? We'll mail it a link that adds them to this collection.",
    },
    claimEmail: { id: "collection.claim.email", defaultMessage: "The address you paid with" },
    claimSend: { id: "collection.claim.send", defaultMessage: "Send the link" },
    claimSending: { id: "collection.claim.sending", defaultMessage: "Sending..." },
    claimFailed: { id: "collection.claim.failed", defaultMessage: "The link could not be sent. Please try again." },
    claiming: { id: "collection.claim.confirming", defaultMessage: "Adding your purchases..." },
    claimConfirmFailed: { id: "collection.claim.confirmFailed", defaultMessage: "Your purchases could not be added. Please try again." },
    errorNotFound: { id: "collection.error.downloadNotFound", defaultMessage: "That download is not available. Your purchases are below." },
    errorExpired: { id: "collection.error.linkExpired", defaultMessage: "That download link had expired. Here are fresh ones." },
    errorPreparing: { id: "collection.error.preparing", defaultMessage: "That download is being prepared. Try it again in a moment." },
    errorNotReleased: {
      id: "collection.error.notReleased",
      defaultMessage: "That release is not out yet: its teaser tracks download now, the rest on its day.",
    },
    errorLimit: { id: "collection.error.limit", defaultMessage: "That is enough downloads of this release for today: try again tomorrow." },
    errorClaimInvalid: { id: "collection.error.claimInvalid", defaultMessage: "That link is not valid any more. Ask for a new one below." },
    errorClaimExpired: { id: "collection.error.claimExpired", defaultMessage: "That link has expired. Ask for a new one below." },
  }),
  claimSent: defineMessage<{ email: string }>({
    id: "collection.claim.sent",
    defaultMessage: "We sent a link to {email}. Open it in this browser, signed in as you are now.",
  }),
  claimed: defineMessage<{ count: number }>({
    id: "collection.claim.done",
    defaultMessage:
      "{count, plural, =0 {No purchases were found for that address.} one {One order was added to your collection.} other {# orders were added to your collection.}}",
  }),
  downloadFormat: defineMessage<{ format: string; size: string }>({ id: "collection.download.format", defaultMessage: "{format} · {size}" }),
  /** The link's name begins with what it shows (WCAG 2.5.3 Label in Name), then says which release. */
  downloadNamed: defineMessage<{ title: string; label: string }>({ id: "collection.download.named", defaultMessage: "{label}: download {title}" }),
  playNamed: defineMessage<{ title: string }>({ id: "collection.play.named", defaultMessage: "Play {title}" }),
  year: defineMessage<{ year: number }>({ id: "collection.release.year", defaultMessage: "{year}" }),
  fromAlbum: defineMessage<{ album: string; year: number }>({ id: "collection.release.fromAlbum", defaultMessage: "From {album} ({year})" }),
  orderTitle: defineMessage<{ number: number }>({ id: "collection.order.title", defaultMessage: "Order #{number}" }),
  orderPaid: defineMessage<{ date: string }>({ id: "collection.order.paid", defaultMessage: "Paid {date}" }),
  /** A pre-order (decision 118): out on a later day; its teasers download now, the rest then. */
  preordered: defineMessage<{ date: string }>({ id: "collection.preorder.out", defaultMessage: "Pre-ordered — out {date}" }),
  preorderTracks: defineMessage({ id: "collection.preorder.tracks", defaultMessage: "Tracks" }),
  preorderTeaser: defineMessage({ id: "collection.preorder.teaser", defaultMessage: "Download now" }),
  preorderLocked: defineMessage<{ date: string }>({ id: "collection.preorder.locked", defaultMessage: "Locked until {date}" }),
  preorderNothingYet: defineMessage<{ date: string }>({ id: "collection.preorder.nothingYet", defaultMessage: "Your downloads open on {date}." }),
  shipsFrom: defineMessage<{ date: string }>({ id: "collection.order.shipsFrom", defaultMessage: "Ships from {date}" }),
  orderTotal: defineMessage<{ total: string }>({ id: "collection.order.total", defaultMessage: "Total {total}" }),
  orderRefunded: defineMessage<{ amount: string }>({ id: "collection.order.refunded", defaultMessage: "{amount} refunded" }),
  orderTaxAdded: defineMessage<{ place: string; amount: string }>({ id: "collection.order.taxAdded", defaultMessage: "Tax ({place}): {amount}" }),
  orderTaxIncluded: defineMessage<{ place: string; amount: string }>({
    id: "collection.order.taxIncluded",
    defaultMessage: "Includes tax ({place}): {amount}",
  }),
  orderTaxNotCollected: defineMessage({ id: "collection.order.taxNotCollected", defaultMessage: "Tax: not collected for your location" }),
  orderTaxId: defineMessage<{ id: string }>({ id: "collection.order.taxId", defaultMessage: "Your tax ID: {id}" }),
  orderLine: defineMessage<{ quantity: number; title: string }>({ id: "collection.order.line", defaultMessage: "{quantity} × {title}" }),
  shippedWith: defineMessage<{ carrier: string; number: string }>({ id: "collection.order.shippedWith", defaultMessage: "Shipped with {carrier}: {number}" }),
  giftMonths: defineMessage<{ months: number; tier: string }>({
    id: "collection.gift.months",
    defaultMessage: "{months, plural, one {# month} other {# months}} of {tier}",
  }),
  redeemedBy: defineMessage<{ username: string }>({ id: "collection.gift.redeemedBy", defaultMessage: "Redeemed by @{username}" }),
  printCardNamed: defineMessage<{ code: string }>({ id: "collection.gift.printNamed", defaultMessage: "Print the card of {code}" }),
};

export const orderStatusMessages = defineMessages({
  paid: { id: "collection.status.paid", defaultMessage: "Paid" },
  shipped: { id: "collection.status.shipped", defaultMessage: "Shipped" },
  partially_refunded: { id: "collection.status.partiallyRefunded", defaultMessage: "Partly refunded" },
  refunded: { id: "collection.status.refunded", defaultMessage: "Refunded" },
  cancelled: { id: "collection.status.cancelled", defaultMessage: "Cancelled" },
} satisfies Record<OrderStatus, unknown>);

export const giftStateMessages = defineMessages({
  unredeemed: { id: "collection.gift.state.unredeemed", defaultMessage: "Not redeemed yet" },
  redeemed: { id: "collection.gift.state.redeemed", defaultMessage: "Redeemed" },
  void: { id: "collection.gift.state.void", defaultMessage: "Void" },
} satisfies Record<GiftCodeState, unknown>);
