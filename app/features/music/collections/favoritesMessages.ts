// Visible strings of the favorites UI: the heart toggle, the Favorite Tracks page, the favorites
// drawer and the popup's Favorites tab. Spec texts (docs/features.md#music) kept verbatim in English. The page's
// heading and empty state reuse the ids the route's first frame already had (pages.favorites.*).
import { defineMessage, defineMessages } from "react-intl";

const plainMessages = defineMessages({
  kicker: { id: "pages.favorites.title", defaultMessage: "Favorite Tracks" },
  heading: { id: "pages.favorites.intro", defaultMessage: "Your Collection" },
  empty: { id: "pages.favorites.empty", defaultMessage: "No favorite tracks yet" },
  emptyHint: { id: "pages.favorites.emptyHint", defaultMessage: "Start adding tracks to your favorites" },
  vipOnly: { id: "favorites.vipOnly", defaultMessage: "Favorites are a VIP feature" },
  vipOnlyHint: { id: "favorites.vipOnlyHint", defaultMessage: "Become a VIP member to save the tracks you love and play them anytime." },
  caption: { id: "favorites.caption", defaultMessage: "Your favorite tracks" },
  playAll: { id: "favorites.playAll", defaultMessage: "Play all" },
  playFailed: { id: "favorites.playFailed", defaultMessage: "Unable to play track. Please try again." },
  loadFailed: { id: "favorites.loadFailed", defaultMessage: "Failed to load your favorite tracks" },
  loading: { id: "favorites.loading", defaultMessage: "Loading your favorites..." },
  openDrawer: { id: "favorites.drawer.open", defaultMessage: "Favorites" },
  drawerTitle: { id: "favorites.drawer.title", defaultMessage: "Your favorites" },
  drawerClose: { id: "favorites.drawer.close", defaultMessage: "Close" },
  viewAll: { id: "favorites.drawer.viewAll", defaultMessage: "Open Favorite Tracks" },
  popupTab: { id: "favorites.popup.tab", defaultMessage: "Favorites" },
  popupLists: { id: "favorites.popup.lists", defaultMessage: "Track lists" },
});

/** Every favorites message; those with arguments are typed so their values are checked. */
export const favoritesMessages = {
  ...plainMessages,
  add: defineMessage<{ title: string }>({ id: "favorites.add", defaultMessage: "Add {title} to favorites" }),
  remove: defineMessage<{ title: string }>({ id: "favorites.remove", defaultMessage: "Remove {title} from favorites" }),
  locked: defineMessage<{ title: string }>({ id: "favorites.locked", defaultMessage: "{title}: favorites are for VIP members" }),
  count: defineMessage<{ count: number }>({
    id: "favorites.count",
    defaultMessage: "{count, plural, one {# favorite track} other {# favorite tracks}}",
  }),
};
