// The Media menu's entries and how each one opens, shared by the desktop dropdown and the mobile
// menu (they differ only in the music popup size).
import { Link, useNavigate } from "@tanstack/react-router";
import type { MouseEvent } from "react";
import { useIntl, type MessageDescriptor } from "react-intl";
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

type RouteItem = {
  kind: "route";
  key: string;
  label: MessageDescriptor;
  to: "/music" | "/music/catalog" | "/virtual-meet" | "/music/favorites" | "/tv" | "/social" | "/rooms" | "/chat";
};
type ActionItem = { kind: "musicPlayer" | "radio" | "chatRoom"; key: string; label: MessageDescriptor };
export type MediaItem = RouteItem | ActionItem;

/** In the order docs/features.md#header-footer-and-popups gives, with the VIP chat before the outside Chat Room. */
export const MEDIA_ITEMS: readonly MediaItem[] = [
  { kind: "route", key: "musicHub", label: navMessages.musicHub, to: "/music" },
  { kind: "route", key: "musicCatalog", label: navMessages.musicCatalog, to: "/music/catalog" },
  { kind: "musicPlayer", key: "audioPlayer", label: navMessages.audioPlayer },
  { kind: "route", key: "virtualMeet", label: navMessages.virtualMeet, to: "/virtual-meet" },
  { kind: "route", key: "favorites", label: navMessages.favorites, to: "/music/favorites" },
  { kind: "route", key: "tv", label: navMessages.tv, to: "/tv" },
  { kind: "radio", key: "radio", label: navMessages.radio },
  { kind: "route", key: "social", label: navMessages.social, to: "/social" },
  // Where fans talk to each other (decision 106): beside the feed, not a link of its own in the bar,
  // which holds one row at 1366 px.
  { kind: "route", key: "rooms", label: navMessages.rooms, to: "/rooms" },
  { kind: "route", key: "vipChat", label: navMessages.vipChat, to: "/chat" },
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
