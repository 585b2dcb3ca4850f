// Visible strings of the waitlist's back office (a section of an event's ticket sales page), in
// this folder's catalogs. The settings' rule texts are one per code of the waitlist's words file.
import { defineMessage, defineMessages } from "react-intl";

export const waitlistAdminMessages = {
  ...defineMessages({
    heading: { id: "admin.waitlist.heading", defaultMessage: "Waitlist" },
    intro: {
      id: "admin.waitlist.intro",
      defaultMessage: "Fans waiting on sold-out types, tickets handed back and the offers that carried them down the line, at face value.",
    },
    loading: { id: "admin.waitlist.loading", defaultMessage: "Loading the waitlist..." },
    failed: { id: "admin.waitlist.failed", defaultMessage: "Failed to load the waitlist" },
    retry: { id: "admin.waitlist.retry", defaultMessage: "Try again" },
    empty: { id: "admin.waitlist.empty", defaultMessage: "Nobody is waiting for this show" },
    emptyHint: {
      id: "admin.waitlist.emptyHint",
      defaultMessage: "Fans can join once a ticket type sells out; their places, returns and offers will show here.",
    },
    noTypes: { id: "admin.waitlist.noTypes", defaultMessage: "This event has no ticket types yet." },
    csv: { id: "admin.waitlist.csv", defaultMessage: "Export the waitlist (CSV)" },
    legendSent: { id: "admin.waitlist.legend.sent", defaultMessage: "Sent" },
    legendClaimed: { id: "admin.waitlist.legend.claimed", defaultMessage: "Claimed" },
    legendLapsed: { id: "admin.waitlist.legend.lapsed", defaultMessage: "Lapsed" },
    release: { id: "admin.waitlist.release", defaultMessage: "Release seats to the line" },
    releaseCount: { id: "admin.waitlist.releaseCount", defaultMessage: "Seats to release" },
    releaseHint: {
      id: "admin.waitlist.releaseHint",
      defaultMessage: "The seats are offered to the fans waiting on this type, in line order, at the type's price.",
    },
    releaseCountInvalid: { id: "admin.waitlist.releaseCountInvalid", defaultMessage: "Enter a whole number of seats, at least 1" },
    releaseNext: { id: "admin.waitlist.releaseNext", defaultMessage: "Continue" },
    releaseYes: { id: "admin.waitlist.releaseYes", defaultMessage: "Release" },
    releaseBack: { id: "admin.waitlist.releaseBack", defaultMessage: "Back" },
    releaseCancel: { id: "admin.waitlist.releaseCancel", defaultMessage: "Cancel" },
    releaseClose: { id: "admin.waitlist.releaseClose", defaultMessage: "Close" },
    releasing: { id: "admin.waitlist.releasing", defaultMessage: "Releasing..." },
    releaseFailed: { id: "admin.waitlist.releaseFailed", defaultMessage: "The seats could not be released. Try again." },
    rulesHeading: { id: "admin.waitlist.rules.heading", defaultMessage: "Settings for this show" },
    rulesLoading: { id: "admin.waitlist.rules.loading", defaultMessage: "Loading the settings..." },
    rulesFailed: { id: "admin.waitlist.rules.failed", defaultMessage: "Failed to load the settings" },
    returnsOpen: { id: "admin.waitlist.rules.returnsOpen", defaultMessage: "Take returns even when nobody waits" },
    holdMinutes: { id: "admin.waitlist.rules.holdMinutes", defaultMessage: "Minutes a fan has to pay for an offer" },
    closesBeforeMinutes: { id: "admin.waitlist.rules.closesBeforeMinutes", defaultMessage: "Minutes before the show the list closes" },
    save: { id: "admin.waitlist.rules.save", defaultMessage: "Save settings" },
    saving: { id: "admin.waitlist.rules.saving", defaultMessage: "Saving..." },
    saved: { id: "admin.waitlist.rules.saved", defaultMessage: "Settings saved." },
    saveFailed: { id: "admin.waitlist.rules.saveFailed", defaultMessage: "The settings could not be saved. Try again." },
    errorEventNotFound: { id: "admin.waitlist.error.eventNotFound", defaultMessage: "This event no longer exists" },
  }),
  places: defineMessage<{ open: number; tickets: number }>({
    id: "admin.waitlist.places",
    defaultMessage: "{open, plural, one {# fan waiting} other {# fans waiting}} for {tickets, plural, one {# ticket} other {# tickets}}",
  }),
  returns: defineMessage<{ listed: number; offered: number; sold: number; withdrawn: number }>({
    id: "admin.waitlist.returns",
    defaultMessage: "Returns: {listed} listed, {offered} offered, {sold} sold, {withdrawn} withdrawn",
  }),
  offers: defineMessage<{ sent: number; claimed: number; lapsed: number; declined: number }>({
    id: "admin.waitlist.offers",
    defaultMessage: "Offers: {sent} sent, {claimed} claimed, {lapsed} lapsed, {declined} declined",
  }),
  offersChart: defineMessage<{ name: string; sent: number; claimed: number; lapsed: number }>({
    id: "admin.waitlist.offersChart",
    defaultMessage: "Offers of {name}: {sent} sent, {claimed} claimed, {lapsed} lapsed",
  }),
  money: defineMessage<{ salesIn: string; refundsOut: string; net: string }>({
    id: "admin.waitlist.money",
    defaultMessage: "Sales in {salesIn}, refunds out {refundsOut}, net {net}",
  }),
  releaseOf: defineMessage<{ name: string }>({ id: "admin.waitlist.releaseOf", defaultMessage: "Release seats of {name} to the line" }),
  releaseTitle: defineMessage<{ name: string }>({ id: "admin.waitlist.releaseTitle", defaultMessage: "Release seats of {name}" }),
  releaseConfirm: defineMessage<{ count: number; name: string }>({
    id: "admin.waitlist.releaseConfirm",
    defaultMessage: "Release {count, plural, one {# seat} other {# seats}} of {name} to the line? This cannot be undone.",
  }),
  released: defineMessage<{ released: number }>({
    id: "admin.waitlist.released",
    defaultMessage: "{released, plural, =0 {No seats went to the line} one {# seat went to the line} other {# seats went to the line}}",
  }),
  errorHoldMinutes: defineMessage<{ min: number; max: number }>({
    id: "admin.waitlist.error.holdMinutes",
    defaultMessage: "Hold an offer between {min} and {max} minutes",
  }),
  errorClosesBefore: defineMessage<{ min: number; max: number }>({
    id: "admin.waitlist.error.closesBefore",
    defaultMessage: "Close the list between {min} and {max} minutes before the show",
  }),
};
