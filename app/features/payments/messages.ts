// Every visible string of the VIP membership pages. Texts quoted by the spec keep their wording.
import { defineMessage, defineMessages, type MessageTag } from "react-intl";

export const vipMessages = defineMessages({
  processing: { id: "vip.processing", defaultMessage: "Processing..." },
  signupTitle: { id: "vip.signup.title", defaultMessage: "Become a VIP Member" },
  signupIntro: { id: "vip.signup.intro", defaultMessage: "Unlock the full experience with benefits made for true fans." },
  benefitsTitle: { id: "vip.benefits.title", defaultMessage: "VIP Benefits" },
  priceLabel: { id: "vip.price.label", defaultMessage: "Monthly membership" },
  priceTerms: { id: "vip.price.terms", defaultMessage: "Renews every month. Cancel anytime from your profile." },
  join: { id: "vip.join", defaultMessage: "Join VIP Now" },
  yearlyLabel: { id: "vip.price.yearly.label", defaultMessage: "Yearly membership" },
  yearlyTerms: { id: "vip.price.yearly.terms", defaultMessage: "Billed once a year. Switch plans or cancel anytime from your profile." },
  joinYearly: { id: "vip.joinYearly", defaultMessage: "Join VIP for a year" },
  signInHint: { id: "vip.signInHint", defaultMessage: "You'll be asked to sign in first." },
  failed: { id: "vip.failed", defaultMessage: "Payment failed. Please try again." },
  rateLimited: { id: "vip.rateLimited", defaultMessage: "Too many attempts. Please wait a few minutes and try again." },
  unavailable: { id: "vip.unavailable", defaultMessage: "Payments are not available right now. Please try again later." },
  alreadyTitle: { id: "vip.already.title", defaultMessage: "You're a VIP member" },
  alreadyBody: { id: "vip.already.body", defaultMessage: "Thanks for being VIP! Your membership is shown below." },
  adminIncluded: { id: "vip.admin.included", defaultMessage: "Your admin account includes every VIP benefit." },
  goToMusic: { id: "vip.goToMusic", defaultMessage: "Go to the music" },
});

export const benefitMessages = defineMessages({
  earlyTitle: { id: "vip.benefit.early.title", defaultMessage: "Early Access" },
  earlyBody: { id: "vip.benefit.early.body", defaultMessage: "Hear new releases and remixes before anyone else." },
  exclusiveTitle: { id: "vip.benefit.exclusive.title", defaultMessage: "Exclusive Content" },
  exclusiveBody: { id: "vip.benefit.exclusive.body", defaultMessage: "The full music catalog, the radio and TV channels, and behind-the-scenes videos." },
  meetsTitle: { id: "vip.benefit.meets.title", defaultMessage: "Virtual Meets" },
  meetsBody: { id: "vip.benefit.meets.body", defaultMessage: "Join live virtual meet-and-greets with the artist." },
  priorityTitle: { id: "vip.benefit.priority.title", defaultMessage: "Priority Access" },
  priorityBody: { id: "vip.benefit.priority.body", defaultMessage: "Get tickets first and enjoy the VIP sections at live shows." },
  eventsTitle: { id: "vip.benefit.events.title", defaultMessage: "Exclusive Events" },
  eventsBody: { id: "vip.benefit.events.body", defaultMessage: "Invitations to members-only listening parties and events." },
  perksTitle: { id: "vip.benefit.perks.title", defaultMessage: "Special Perks" },
  perksBody: { id: "vip.benefit.perks.body", defaultMessage: "Members-only merchandise, limited editions and surprises." },
});

export const confirmationMessages = defineMessages({
  processingTitle: { id: "vip.confirmation.processing.title", defaultMessage: "Confirming your payment..." },
  processingBody: { id: "vip.confirmation.processing.body", defaultMessage: "This usually takes a few seconds. Please keep this page open." },
  slowTitle: { id: "vip.confirmation.slow.title", defaultMessage: "Still confirming your payment" },
  slowBody: {
    id: "vip.confirmation.slow.body",
    defaultMessage:
      "Confirmation is taking longer than usual. If your payment went through, VIP will appear on your profile shortly. You can check again now or come back later.",
  },
  checkAgain: { id: "vip.confirmation.checkAgain", defaultMessage: "Check again" },
  successTitle: { id: "vip.confirmation.success.title", defaultMessage: "Welcome to VIP!" },
  successBody: { id: "vip.confirmation.success.body", defaultMessage: "Your membership is active. Enjoy the full experience." },
  goToSocial: { id: "vip.confirmation.goToSocial", defaultMessage: "Go to Social Hub" },
  errorTitle: { id: "vip.confirmation.error.title", defaultMessage: "Payment Failed" },
  errorBody: { id: "vip.confirmation.error.body", defaultMessage: "There was an error processing your payment. Please try again." },
  tryAgain: { id: "vip.confirmation.tryAgain", defaultMessage: "Try Again" },
  noneTitle: { id: "vip.confirmation.none.title", defaultMessage: "Nothing to confirm" },
  noneBody: {
    id: "vip.confirmation.none.body",
    defaultMessage: "We couldn't find a VIP checkout of yours waiting for confirmation. To become VIP, start from the VIP membership page.",
  },
  noneLink: { id: "vip.confirmation.none.link", defaultMessage: "See VIP membership" },
});

export const membershipMessages = defineMessages({
  title: { id: "vip.membership.title", defaultMessage: "VIP Membership" },
  statusLabel: { id: "vip.membership.statusLabel", defaultMessage: "Status" },
  planLabel: { id: "vip.membership.planLabel", defaultMessage: "Plan" },
  planMonthly: { id: "vip.membership.plan.monthly", defaultMessage: "Monthly" },
  planYearly: { id: "vip.membership.plan.yearly", defaultMessage: "Yearly" },
  renewalAmountLabel: { id: "vip.membership.renewalAmountLabel", defaultMessage: "Renewal amount" },
  renewalLabel: { id: "vip.membership.renewalLabel", defaultMessage: "Next renewal" },
  // A free trial (decision 102): its end is the first charge.
  trialLabel: { id: "vip.membership.trialLabel", defaultMessage: "Free trial" },
  active: { id: "vip.membership.status.active", defaultMessage: "Active" },
  pastDue: { id: "vip.membership.status.pastDue", defaultMessage: "Payment past due" },
  ended: { id: "vip.membership.status.ended", defaultMessage: "Ended" },
  cancelingHelp: { id: "vip.membership.cancelingHelp", defaultMessage: "You keep VIP until then, and can resume before that date." },
  pastDueLapsed: {
    id: "vip.membership.pastDueLapsed",
    defaultMessage: "Your last payment did not go through, so VIP is paused. Update your card to get it back.",
  },
  endedHelp: { id: "vip.membership.endedHelp", defaultMessage: "Your VIP membership has ended. You can join again anytime." },
  manage: { id: "vip.membership.manage", defaultMessage: "Manage membership" },
  manageFailed: { id: "vip.membership.manageFailed", defaultMessage: "Could not open membership management. Please try again." },
  joinAgain: { id: "vip.membership.joinAgain", defaultMessage: "Join VIP again" },
  loadFailed: { id: "vip.membership.loadFailed", defaultMessage: "Failed to load membership" },
});

export const testModeMessages = defineMessages({
  badge: { id: "vip.testMode.badge", defaultMessage: "TEST MODE" },
  checkoutTitle: { id: "vip.testCheckout.title", defaultMessage: "Test checkout" },
  checkoutNotice: {
    id: "vip.testCheckout.notice",
    defaultMessage: "No real payment happens here. This built-in checkout stands in for Stripe while the site runs without a Stripe account.",
  },
  payHint: { id: "vip.testCheckout.payHint", defaultMessage: "Simulates a successful card payment." },
  decline: { id: "vip.testCheckout.decline", defaultMessage: "Decline payment" },
  declineHint: { id: "vip.testCheckout.declineHint", defaultMessage: "Simulates a card the bank refuses." },
  cancel: { id: "vip.testCheckout.cancel", defaultMessage: "Cancel" },
  finished: { id: "vip.testCheckout.finished", defaultMessage: "This checkout is already finished." },
  notFound: { id: "vip.testCheckout.notFound", defaultMessage: "Checkout not found." },
  backToSignup: { id: "vip.testCheckout.backToSignup", defaultMessage: "Back to VIP signup" },
  actionFailed: { id: "vip.testCheckout.actionFailed", defaultMessage: "Something went wrong. Please try again." },
  manageTitle: { id: "vip.manage.title", defaultMessage: "Manage membership" },
  manageNotice: {
    id: "vip.manage.notice",
    defaultMessage: "This built-in page stands in for Stripe's Customer Portal while the site runs without a Stripe account.",
  },
  cancelAtPeriodEnd: { id: "vip.manage.cancelAtPeriodEnd", defaultMessage: "Cancel at period end" },
  resume: { id: "vip.manage.resume", defaultMessage: "Resume membership" },
  endNow: { id: "vip.manage.endNow", defaultMessage: "End membership now" },
  switchToYearly: { id: "vip.manage.switchToYearly", defaultMessage: "Switch to yearly" },
  switchToMonthly: { id: "vip.manage.switchToMonthly", defaultMessage: "Switch to monthly" },
  backToProfile: { id: "vip.manage.backToProfile", defaultMessage: "Back to profile" },
  nothingToManage: { id: "vip.manage.nothing", defaultMessage: "You don't have a membership to manage." },
  manageFailed: { id: "vip.manage.failed", defaultMessage: "Could not update your membership. Please try again." },
});

// Messages with arguments are typed one by one, so a missing value is a compile error.
export const cancelsOnMessage = defineMessage<{ date: string }>({ id: "vip.membership.status.canceling", defaultMessage: "Cancels on {date}" });
export const trialUntilMessage = defineMessage<{ date: string; amount: string }>({
  id: "vip.membership.trialUntil",
  defaultMessage: "Free trial until {date}, then {amount}",
});
export const pastDueHelpMessage = defineMessage<{ date: string }>({
  id: "vip.membership.pastDueHelp",
  defaultMessage: "Your last payment did not go through. Update your card by {date} to keep VIP.",
});
/** An offer's checkout: what its first period charges (the price a node, formatted on the page). */
export const offerFirstPeriodMessages = {
  monthly: { id: "vip.testCheckout.offerFirstMonth", defaultMessage: "First month {price} with your offer, then the price above" },
  yearly: { id: "vip.testCheckout.offerFirstYear", defaultMessage: "First year {price} with your offer, then the price above" },
};

/** The test checkout's item line: the tier it sells, on its plan. */
export const checkoutItemMessages = {
  monthly: defineMessage<{ tier: string }>({ id: "vip.testCheckout.item", defaultMessage: "{tier} membership, billed monthly" }),
  yearly: defineMessage<{ tier: string }>({ id: "vip.testCheckout.itemYearly", defaultMessage: "{tier} membership, billed yearly" }),
};
export const payMessage = defineMessage<{ price: string }>({ id: "vip.testCheckout.pay", defaultMessage: "Pay {price}" });

/** The question before a plan switch in the local portal, with what it costs or credits. */
export const switchPlanMessages = {
  ...defineMessages({
    titleYearly: { id: "vip.switch.titleYearly", defaultMessage: "Switch to the yearly plan?" },
    titleMonthly: { id: "vip.switch.titleMonthly", defaultMessage: "Switch to the monthly plan?" },
    loading: { id: "vip.switch.loading", defaultMessage: "Working out what the switch costs..." },
    keep: { id: "vip.switch.keep", defaultMessage: "Keep my plan" },
    confirm: { id: "vip.switch.confirm", defaultMessage: "Switch plan" },
    failed: { id: "vip.switch.failed", defaultMessage: "Your plan could not be switched. Please try again." },
    termsFailed: { id: "vip.switch.termsFailed", defaultMessage: "What the switch costs could not be worked out. Please try again." },
  }),
  newYearly: defineMessage<{ price: string; date: string }>({
    id: "vip.switch.newYearly",
    defaultMessage: "From now on you pay {price} a year, next on {date}.",
  }),
  newMonthly: defineMessage<{ price: string; date: string }>({
    id: "vip.switch.newMonthly",
    defaultMessage: "From now on you pay {price} a month, next on {date}.",
  }),
  credit: defineMessage<{ credit: string }>({
    id: "vip.switch.credit",
    defaultMessage: "The unused part of your current plan, {credit}, is credited.",
  }),
  charge: defineMessage<{ charge: string }>({ id: "vip.switch.charge", defaultMessage: "Charged now: {charge}." }),
  leftover: defineMessage<{ leftover: string }>({
    id: "vip.switch.leftover",
    defaultMessage: "The {leftover} of credit left over pays your next payments.",
  }),
};

// The VIP test checkout's DEMO tax (decision 093).
export const vipTaxMessages = defineMessages({
  placeTitle: { id: "vip.testCheckout.tax.placeTitle", defaultMessage: "Billing location (for sales tax or VAT)" },
  demo: { id: "vip.testCheckout.tax.demo", defaultMessage: "DEMO tax rates of the local checkout. The live site's tax comes from Stripe Tax." },
  country: { id: "vip.testCheckout.tax.country", defaultMessage: "Country" },
  countryChoose: { id: "vip.testCheckout.tax.countryChoose", defaultMessage: "Choose a country" },
  state: { id: "vip.testCheckout.tax.state", defaultMessage: "State (two letters, e.g. CA)" },
  notCollected: { id: "vip.testCheckout.tax.notCollected", defaultMessage: "Tax: not collected for this location" },
  loadFailed: { id: "vip.testCheckout.tax.loadFailed", defaultMessage: "The tax could not be worked out. Check the location and try again." },
});
export const vipTaxAddedMessage = defineMessage<{ place: string; amount: string }>({
  id: "vip.testCheckout.tax.added",
  defaultMessage: "Tax ({place}, DEMO rate): {amount}, added to the price",
});
export const vipTaxIncludedMessage = defineMessage<{ place: string; amount: string }>({
  id: "vip.testCheckout.tax.included",
  defaultMessage: "Includes tax ({place}, DEMO rate): {amount}",
});

// Moving between tiers on the membership panel (decision 098).
export const tierMoveMessages = defineMessages({
  monthly: { id: "vip.tiers.monthly", defaultMessage: "monthly" },
  yearly: { id: "vip.tiers.yearly", defaultMessage: "yearly" },
  keepCurrent: { id: "vip.tiers.keepCurrent", defaultMessage: "Keep my tier" },
  keep: { id: "vip.tiers.keep", defaultMessage: "Not now" },
  confirm: { id: "vip.tiers.confirm", defaultMessage: "Confirm" },
  loading: { id: "vip.tiers.loading", defaultMessage: "Working out the cost..." },
  previewFailed: { id: "vip.tiers.previewFailed", defaultMessage: "The cost could not be worked out. Please try again." },
  failed: { id: "vip.tiers.failed", defaultMessage: "Your membership could not be changed. Please try again." },
});
export const tierLabelMessage = defineMessage<{ tier: string }>({ id: "vip.tiers.current", defaultMessage: "Your tier: {tier}" });
export const tierUpgradeButtonMessage = defineMessage<{ tier: string; plan: string }>({
  id: "vip.tiers.upgradeButton",
  defaultMessage: "Upgrade to {tier} ({plan})",
});
export const tierDowngradeButtonMessage = defineMessage<{ tier: string; plan: string }>({
  id: "vip.tiers.downgradeButton",
  defaultMessage: "Switch to {tier} ({plan})",
});
export const tierConfirmTitleMessage = defineMessage<{ tier: string }>({ id: "vip.tiers.confirmTitle", defaultMessage: "Move to {tier}?" });
type TermsValues = { tier: string; now: string; renewal: string; date: string };
export const tierUpgradeTermsMessage = defineMessage<TermsValues>({
  id: "vip.tiers.upgradeTerms",
  defaultMessage: "You get {tier} now and pay {now} today for the rest of this period. Then {renewal} renews on {date}.",
});
export const tierDowngradeTermsMessage = defineMessage<TermsValues>({
  id: "vip.tiers.downgradeTerms",
  defaultMessage: "Nothing is charged now. You keep your tier until {date}; then {tier} renews at {renewal}.",
});
// The move's charge today as the Worker priced and taxed it (decision 147), line by line.
export const tierChargeMessages = defineMessages({
  label: { id: "vip.tiers.charge.label", defaultMessage: "Today's charge" },
  subtotal: { id: "vip.tiers.charge.subtotal", defaultMessage: "Subtotal" },
  total: { id: "vip.tiers.charge.total", defaultMessage: "Total today" },
});
export const tierTaxAddedMessage = defineMessage<{ place: string }>({ id: "vip.tiers.charge.taxAdded", defaultMessage: "Tax ({place})" });
export const tierTaxIncludedMessage = defineMessage<{ place: string }>({ id: "vip.tiers.charge.taxIncluded", defaultMessage: "Includes tax ({place})" });
export const tierRenewalTaxAddedMessage = defineMessage<{ place: string; tax: string }>({
  id: "vip.tiers.charge.renewalTaxAdded",
  defaultMessage: "Tax ({place}) of {tax} is added to each renewal.",
});
export const tierRenewalTaxIncludedMessage = defineMessage<{ place: string; tax: string }>({
  id: "vip.tiers.charge.renewalTaxIncluded",
  defaultMessage: "Each renewal includes {tax} of tax ({place}).",
});
export const tierPendingMessage = defineMessage<{ tier: string; date: string }>({ id: "vip.tiers.pending", defaultMessage: "Moves to {tier} on {date}." });

// Cancelling on the site with a reason (decision 098).
export const cancelMessages = defineMessages({
  open: { id: "vip.cancel.open", defaultMessage: "Cancel membership" },
  title: { id: "vip.cancel.title", defaultMessage: "Cancel your membership?" },
  why: { id: "vip.cancel.why", defaultMessage: "Why are you leaving?" },
  otherLabel: { id: "vip.cancel.otherLabel", defaultMessage: "Tell us more (optional)" },
  keep: { id: "vip.cancel.keep", defaultMessage: "Keep my membership" },
  confirm: { id: "vip.cancel.confirm", defaultMessage: "Cancel at period end" },
  failed: { id: "vip.cancel.failed", defaultMessage: "Your membership could not be cancelled. Please try again." },
});
export const cancelReasonMessages = defineMessages({
  too_expensive: { id: "vip.cancel.reason.too_expensive", defaultMessage: "It costs too much" },
  not_using: { id: "vip.cancel.reason.not_using", defaultMessage: "I don't use it enough" },
  missing_features: { id: "vip.cancel.reason.missing_features", defaultMessage: "It lacks what I want" },
  technical_issues: { id: "vip.cancel.reason.technical_issues", defaultMessage: "Technical problems" },
  other: { id: "vip.cancel.reason.other", defaultMessage: "Another reason" },
});
/** The retention offer between the reason and the cancel's confirm (decision 103). */
export const retentionOfferMessage = defineMessage<{ percent: number; periods: number; discounted: string; full: string }>({
  id: "vip.retention.offer",
  defaultMessage:
    "Before you go: stay and get {percent}% off your next {periods, plural, one {renewal} other {# renewals}}, {discounted} instead of {full}. This offer is made once.",
});
/** The tax of each discounted renewal where the provider computes it at the renewal: the place, without an amount. */
export const retentionTaxAddedMessage = defineMessage<{ place: string }>({
  id: "vip.retention.taxAdded",
  defaultMessage: "Tax ({place}) is added to each renewal.",
});
export const retentionTaxIncludedMessage = defineMessage<{ place: string }>({
  id: "vip.retention.taxIncluded",
  defaultMessage: "Each renewal includes tax ({place}).",
});
export const retentionMessages = defineMessages({
  accept: { id: "vip.retention.accept", defaultMessage: "Stay with the discount" },
  decline: { id: "vip.retention.decline", defaultMessage: "No thanks, cancel" },
  failed: { id: "vip.retention.failed", defaultMessage: "The discount could not be applied. Please try again." },
  readFailed: { id: "vip.retention.readFailed", defaultMessage: "We could not check for an offer for you. Nothing was cancelled; please try again." },
});

/** The membership panel's title for a tier above VIP. */
export const tierTitleMessage = defineMessage<{ tier: string }>({ id: "vip.membership.tierTitle", defaultMessage: "{tier} Membership" });

/** A tier's own checkout page (TierJoinPage). */
export const tierJoinMessages = {
  joinTitle: defineMessage<{ name: string }>({ id: "tierJoin.title", defaultMessage: "Join {name}" }),
  joinPlan: defineMessage<{ name: string; plan: string }>({
    id: "tierJoin.joinPlan",
    defaultMessage: "{plan, select, yearly {Join {name} for a year} other {Join {name} monthly}}",
  }),
  perMonth: defineMessage<{ price: string; per: MessageTag }>({ id: "tierJoin.perMonth", defaultMessage: "{price}<per>/month</per>" }),
  perYear: defineMessage<{ price: string; per: MessageTag }>({ id: "tierJoin.perYear", defaultMessage: "{price}<per>/year</per>" }),
  trial: defineMessage<{ days: number }>({ id: "tierJoin.trial", defaultMessage: "{days}-day free trial" }),
  noTrialAgain: defineMessage<{ days: number }>({
    id: "tierJoin.noTrialAgain",
    defaultMessage: "You have had this tier before, so no free trial: you pay from the first day",
  }),
  ...defineMessages({
    monthly: { id: "tierJoin.monthly", defaultMessage: "Monthly" },
    yearly: { id: "tierJoin.yearly", defaultMessage: "Yearly" },
    alreadyMember: { id: "tierJoin.alreadyMember", defaultMessage: "You already have a paid membership: change its tier from your membership page." },
    notOfferedTitle: { id: "tierJoin.notOffered.title", defaultMessage: "Membership tier not offered" },
    notOffered: { id: "tierJoin.notOffered.body", defaultMessage: "That membership tier is not offered now." },
    seeLadder: { id: "tierJoin.notOffered.link", defaultMessage: "See the memberships" },
  }),
};
