// Visible strings of /redeem and the printable gift card (/redeem/card/$code), in this feature's catalogs.
import { defineMessage, defineMessages } from "react-intl";

export const redeemMessages = {
  ...defineMessages({
    loading: { id: "redeem.loading", defaultMessage: "Loading..." },
    visitorText: { id: "redeem.visitor.text", defaultMessage: "Sign in or create a free account to redeem your gift: the VIP goes to the account you use." },
    visitorCode: { id: "redeem.visitor.code", defaultMessage: "Your code is kept for when you come back:" },
    signIn: { id: "redeem.visitor.signIn", defaultMessage: "Sign in" },
    signUp: { id: "redeem.visitor.signUp", defaultMessage: "Create an account" },
    codeLabel: { id: "redeem.form.codeLabel", defaultMessage: "Gift code" },
    codeHint: { id: "redeem.form.codeHint", defaultMessage: "It looks like GIFT-XXXX-XXXX-XXXX: capitals, spaces and dashes do not matter." },
    submit: { id: "redeem.form.submit", defaultMessage: "Redeem" },
    submitting: { id: "redeem.form.submitting", defaultMessage: "Redeeming..." },
    errorRequired: { id: "redeem.error.required", defaultMessage: "Enter the code of your gift." },
    errorFormat: { id: "redeem.error.format", defaultMessage: "That is not a gift code: it looks like GIFT-XXXX-XXXX-XXXX." },
    errorInvalid: { id: "redeem.error.invalid", defaultMessage: "This gift code does not exist, or can no longer be used. Check it and try again." },
    errorRedeemed: { id: "redeem.error.redeemed", defaultMessage: "This gift code has already been redeemed." },
    errorSignedOut: { id: "redeem.error.signedOut", defaultMessage: "Your session has ended: sign in again to redeem the gift." },
    errorFailed: { id: "redeem.error.failed", defaultMessage: "The gift could not be redeemed. Please try again." },
    successTitle: { id: "redeem.success.title", defaultMessage: "Your gift is redeemed" },
    successNoEnd: { id: "redeem.success.noEnd", defaultMessage: "Your VIP has no end date, and stays so: the gift cannot add to it." },
    perksLink: { id: "redeem.success.perks", defaultMessage: "See your VIP perks" },
    membershipLink: { id: "redeem.success.membership", defaultMessage: "Your membership" },
    another: { id: "redeem.success.another", defaultMessage: "Redeem another code" },
    cardLoadFailed: { id: "redeem.card.loadFailed", defaultMessage: "The gift card could not be loaded." },
    cardNotFound: { id: "redeem.card.notFound", defaultMessage: "There is no gift card here: the code is not one of your gifts." },
    retry: { id: "redeem.retry", defaultMessage: "Try again" },
    cardEyebrow: { id: "redeem.card.eyebrow", defaultMessage: "Gift card" },
    cardCodeLabel: { id: "redeem.card.codeLabel", defaultMessage: "Your code" },
    cardQrLabel: { id: "redeem.card.qrLabel", defaultMessage: "QR code that opens the page to redeem this gift" },
    print: { id: "redeem.card.print", defaultMessage: "Print the card" },
    cardVoid: { id: "redeem.card.void", defaultMessage: "This code is void: its order was refunded." },
  }),
  successUntil: defineMessage<{ date: string }>({ id: "redeem.success.until", defaultMessage: "You're VIP until {date}." }),
  successTierUntil: defineMessage<{ tier: string; date: string }>({
    id: "redeem.success.tierUntil",
    defaultMessage: "Your {tier} membership runs until {date}.",
  }),
  successTierNoEnd: defineMessage<{ tier: string }>({
    id: "redeem.success.tierNoEnd",
    defaultMessage: "Your {tier} membership has no end date, and stays so: the gift cannot add to it.",
  }),
  successGift: defineMessage<{ months: number; tier: string }>({
    id: "redeem.success.gift",
    defaultMessage: "{months, plural, one {# month} other {# months}} of {tier}",
  }),
  errorBelowHeld: defineMessage<{ held: string; gift: string }>({
    id: "redeem.error.belowHeld",
    defaultMessage: "You already have {held}, above the {gift} this gift gives: the code stays unused, to keep or to give to someone else.",
  }),
  errorCompRunning: defineMessage<{ gift: string }>({
    id: "redeem.error.compRunning",
    defaultMessage: "Your complimentary membership of another tier is still running: redeem this gift of {gift} once it ends. The code stays unused.",
  }),
  successAfter: defineMessage<{ date: string }>({
    id: "redeem.success.after",
    defaultMessage: "The gift's months were added after the VIP time you already had, which ran until {date}.",
  }),
  successRenews: defineMessage<{ date: string }>({
    id: "redeem.success.renews",
    defaultMessage: "Your paid membership still renews on {date}. To live on the gift instead of paying, cancel the renewal in your membership.",
  }),
  cardGift: defineMessage<{ months: number; artist: string; tier: string }>({
    id: "redeem.card.gift",
    defaultMessage: "A gift of {months, plural, one {# month} other {# months}} of {artist} {tier}",
  }),
  cardHow: defineMessage<{ address: string }>({ id: "redeem.card.how", defaultMessage: "Scan the code, or go to {address} and type it in." }),
  cardRedeemed: defineMessage<{ username: string; date: string }>({ id: "redeem.card.redeemed", defaultMessage: "Redeemed by @{username} on {date}." }),
  portraitAlt: defineMessage<{ name: string }>({ id: "redeem.card.portraitAlt", defaultMessage: "{name}" }),
};
