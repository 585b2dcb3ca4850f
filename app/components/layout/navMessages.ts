// The shell's own labels, shared by the desktop navigation, the mobile menu and the footer. A menu
// link to an area's page has its label beside it, in the menu's file, and the label's Portuguese in
// the area's site texts (app/features/<area>/site.pt-BR.json).
import { defineMessage, defineMessages } from "react-intl";

export const navMessages = defineMessages({
  media: { id: "nav.media", defaultMessage: "Media" },
  chatRoom: { id: "nav.media.chatRoom", defaultMessage: "Chat Room" },
  opensPopup: { id: "nav.opensPopup", defaultMessage: "(opens in a popup window)" },
  opensNewTab: { id: "nav.opensNewTab", defaultMessage: "(opens in a new tab)" },
  login: { id: "nav.login", defaultMessage: "Login" },
  logout: { id: "nav.logout", defaultMessage: "Logout" },
  loggingOut: { id: "nav.loggingOut", defaultMessage: "Logging out..." },
  logoutFailed: { id: "nav.logoutFailed", defaultMessage: "Logout failed. Please try again." },
  openMenu: { id: "nav.menu.open", defaultMessage: "Open menu" },
  closeMenu: { id: "nav.menu.close", defaultMessage: "Close menu" },
  mainNav: { id: "nav.main", defaultMessage: "Main navigation" },
  /** The phone menu's: a page's landmarks each need a name of their own. */
  mobileNav: { id: "nav.mobile", defaultMessage: "Menu navigation" },
  pageSections: { id: "nav.sections", defaultMessage: "Page sections" },
  skipToContent: { id: "nav.skipToContent", defaultMessage: "Skip to content" },
  language: { id: "nav.language", defaultMessage: "Language" },
  english: { id: "nav.language.en", defaultMessage: "EN — English" },
  portuguese: { id: "nav.language.pt", defaultMessage: "PT — Português (Brasil)" },
  anchorMusic: { id: "nav.anchor.music", defaultMessage: "Music" },
  anchorVip: { id: "nav.anchor.vip", defaultMessage: "VIP" },
  anchorBio: { id: "nav.anchor.bio", defaultMessage: "Bio" },
  anchorEvents: { id: "nav.anchor.events", defaultMessage: "Events" },
  anchorAbout: { id: "nav.anchor.about", defaultMessage: "About" },
  anchorContact: { id: "nav.anchor.contact", defaultMessage: "Contact" },
});

/** The account menu button's name: it begins with the name the button shows (WCAG 2.5.3 Label in Name). */
export const accountMenuMessage = defineMessage<{ name: string }>({ id: "nav.account.menu", defaultMessage: "{name}, account menu" });

/** Accessible name of the brand link; typed separately because it takes a value. */
export const homeLinkMessage = defineMessage<{ brand: string }>({ id: "nav.home", defaultMessage: "{brand} home" });

/** Accessible name of the header's cart link, with the number of items in the cart. */
export const cartLinkMessage = defineMessage<{ count: number }>({
  id: "nav.cart",
  defaultMessage: "{count, plural, =0 {Cart} one {Cart, # item} other {Cart, # items}}",
});
