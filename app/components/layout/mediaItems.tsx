// The Media menu's entries and how each one opens, shared by the desktop dropdown and the mobile
// menu (they differ only in the music popup size).
import { Link, useNavigate } from "@tanstack/react-router";
import type { MouseEvent } from "react";
import { defineMessages, useIntl, type MessageDescriptor } from "react-intl";
import {
  EXTERNAL_LINK,
  isMobileDevice,
  MUSIC_PLAYER_PATH,
  openMusicPlayer,
  openRadioPlayer,
  RADIO_PLAYER_PATH,
  type MenuVariant,
  type PlayerPath,
} from "../../lib/popups";
import { useSiteConfig } from "../../lib/session/useSession";
import { navMessages } from "./navMessages";

/** The labels of the entries that open an area's page (their Portuguese is in each area's site texts). */
const itemMessages = defineMessages({
  musicHub: { id: "nav.media.musicHub", defaultMessage: "Music Hub" },
  musicCatalog: { id: "nav.media.musicCatalog", defaultMessage: "Music Catalog" },
  audioPlayer: { id: "nav.media.audioPlayer", defaultMessage: "Audio Player" },
  virtualMeet: { id: "nav.media.virtualMeet", defaultMessage: "Virtual Meet" },
  favorites: { id: "nav.media.favorites", defaultMessage: "Favorites" },
  tv: { id: "nav.media.tv", defaultMessage: "TV" },
  radio: { id: "nav.media.radio", defaultMessage: "Radio" },
  social: { id: "nav.media.social", defaultMessage: "Social" },
  rooms: { id: "nav.rooms", defaultMessage: "Rooms" },
  contests: { id: "nav.media.contests", defaultMessage: "Remix Contests" },
  vipChat: { id: "nav.media.vipChat", defaultMessage: "VIP Chat" },
});

type RouteItem = {
  kind: "route";
  key: string;
  label: MessageDescriptor;
  to: "/music" | "/music/catalog" | "/virtual-meet" | "/music/favorites" | "/tv" | "/social" | "/rooms" | "/contests" | "/chat";
};
type ActionItem = { kind: "musicPlayer" | "radio" | "chatRoom"; key: string; label: MessageDescriptor };
export type MediaItem = RouteItem | ActionItem;

/** In the order docs/features.md#header-footer-and-popups gives, with the VIP chat before the outside Chat Room. */
export const MEDIA_ITEMS: readonly MediaItem[] = [
  { kind: "route", key: "musicHub", label: itemMessages.musicHub, to: "/music" },
  { kind: "route", key: "musicCatalog", label: itemMessages.musicCatalog, to: "/music/catalog" },
  { kind: "musicPlayer", key: "audioPlayer", label: itemMessages.audioPlayer },
  { kind: "route", key: "virtualMeet", label: itemMessages.virtualMeet, to: "/virtual-meet" },
  { kind: "route", key: "favorites", label: itemMessages.favorites, to: "/music/favorites" },
  { kind: "route", key: "tv", label: itemMessages.tv, to: "/tv" },
  { kind: "radio", key: "radio", label: itemMessages.radio },
  { kind: "route", key: "social", label: itemMessages.social, to: "/social" },
  // Where fans talk to each other (decision 106): beside the feed, not a link of its own in the bar,
  // which holds one row at 1366 px.
  { kind: "route", key: "rooms", label: itemMessages.rooms, to: "/rooms" },
  { kind: "route", key: "contests", label: itemMessages.contests, to: "/contests" },
  { kind: "route", key: "vipChat", label: itemMessages.vipChat, to: "/chat" },
  { kind: "chatRoom", key: "chatRoom", label: navMessages.chatRoom },
];

type Props = { item: MediaItem; variant: MenuVariant; onActivate?: () => void; className?: string };

/** One Media entry as a real link (so it can be focused, middle-clicked and read by screen readers). */
export function MediaItemLink({ item, variant, onActivate, className }: Props) {
  const intl = useIntl();
  const navigate = useNavigate();
  const config = useSiteConfig();
  const label = intl.formatMessage(item.label);
  const goInSameWindow = (path: PlayerPath) => void navigate({ to: path });

  const openWith = (open: () => void) => (event: MouseEvent<HTMLAnchorElement>) => {
    // Modified clicks keep the browser's own behaviour (new tab, new window).
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    onActivate?.();
    open();
  };

  switch (item.kind) {
    case "route":
      return (
        <Link to={item.to} className={className} onClick={onActivate} activeProps={{ "aria-current": "page" }}>
          {label}
        </Link>
      );
    case "musicPlayer":
      return (
        <a href={MUSIC_PLAYER_PATH} className={className} onClick={openWith(() => openMusicPlayer(window, variant, goInSameWindow))}>
          {label}
          <span className="sr-only"> {intl.formatMessage(navMessages.opensPopup)}</span>
        </a>
      );
    case "radio":
      return (
        <a href={RADIO_PLAYER_PATH} className={className} onClick={openWith(() => openRadioPlayer(window, isMobileDevice(), goInSameWindow))}>
          {label}
        </a>
      );
    case "chatRoom":
      // The URL comes from the site settings; until they load there is nothing to link to.
      if (!config?.chatRoomUrl) return null;
      return (
        <a href={config.chatRoomUrl} className={className} {...EXTERNAL_LINK} onClick={onActivate}>
          {label}
          <span className="sr-only"> {intl.formatMessage(navMessages.opensNewTab)}</span>
        </a>
      );
  }
}
