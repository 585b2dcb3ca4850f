// Every visible string of the VIP pass on the member's own profile, shipped with the profile's
// chunk (messages.pt-BR.json for Portuguese, merged in by VipPassMessages).
import { defineMessage, defineMessages } from "react-intl";

export const passMessages = {
  ...defineMessages({
    title: { id: "vipPass.title", defaultMessage: "Your VIP pass" },
    intro: { id: "vipPass.intro", defaultMessage: "Show this at the door. The code changes every minute, so a screenshot will not work." },
    adminNoVip: { id: "vipPass.adminNoVip", defaultMessage: "Administrator pass" },
    qrLabel: { id: "vipPass.qrLabel", defaultMessage: "QR code of your VIP pass" },
    codeLabel: { id: "vipPass.codeLabel", defaultMessage: "Pass code" },
    codeHint: { id: "vipPass.codeHint", defaultMessage: "If the camera cannot read the QR code, read this code out at the door." },
    refreshing: { id: "vipPass.refreshing", defaultMessage: "Getting a fresh code..." },
    loading: { id: "vipPass.loading", defaultMessage: "Loading your pass..." },
    loadFailed: { id: "vipPass.loadFailed", defaultMessage: "Could not load your VIP pass." },
    reload: { id: "vipPass.reload", defaultMessage: "Reload pass" },
    qrFailed: { id: "vipPass.qrFailed", defaultMessage: "The QR code could not be drawn. Use the pass code below." },
  }),
  tierTitle: defineMessage<{ tier: string }>({ id: "vipPass.tierTitle", defaultMessage: "Your {tier} pass" }),
  since: defineMessage<{ date: string }>({ id: "vipPass.since", defaultMessage: "VIP member since {date}" }),
  changesIn: defineMessage<{ seconds: number }>({
    id: "vipPass.changesIn",
    defaultMessage: "New code in {seconds, plural, one {# second} other {# seconds}}",
  }),
  avatarAlt: defineMessage<{ name: string }>({ id: "vipPass.avatarAlt", defaultMessage: "{name}'s profile picture" }),
};
