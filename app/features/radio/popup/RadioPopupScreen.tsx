// /radio/player: the popup radio player, usually in the "radioplayer" window (400x600 from the
// menu; the page makes it 400x800 and centres it). It drives this window's page radio (or an
// engine given by a test) and the music player it is handed (onDemand.ts), which never play
// together (both claim the audio focus, app/lib/audioFocus.ts). There is no site shell here, so
// the page wires the radio's station list itself and takes the player's keyboard shortcuts. The
// route composes it with the music feature's player, tracks and collections
// (app/routes/radio/-components/RadioPopupPage.tsx).
import { useQuery } from "@tanstack/react-query";
import { useEffect, useMemo, useState, type ReactNode } from "react";
import type { TrackView } from "#contracts/music/music.ts";
import { ShortcutsHelpDialog } from "../../../components/player/ShortcutsHelpDialog";
import { usePlayerShortcuts } from "../../../components/player/usePlayerShortcuts";
import { useSessionUser } from "../../../lib/session/useSession";
import type { RadioEngine } from "../engine";
import { nowPlayingQueryOptions, stationsQueryOptions } from "../queries";
import { pageRadio, useRadio, useRadioWiring } from "../RadioProvider";
import { fitRadioPopup } from "./logic";
import type { OnDemandPlayer } from "./onDemand";
import { RadioPopup } from "./RadioPopup";
import type { TrackActions } from "./RadioPopupLists";
import { useSourceControls } from "./useSourceControls";
import RadioMessages from "../messages?feature";
import { useIntl } from "react-intl";

/** The featured tracks (featuredPosition 0..4) that can be played, in their order. */
export function featuredTracks(tracks: readonly TrackView[] | undefined): TrackView[] {
  return (tracks ?? [])
    .filter((track) => track.featuredPosition !== null && track.playable)
    .sort((a, b) => (a.featuredPosition ?? 0) - (b.featuredPosition ?? 0));
}

export type RadioPopupScreenProps = {
  /** Default: the page's radio. */
  engine?: RadioEngine;
  /** The page's music player: featured and playlist tracks play on it. */
  music: OnDemandPlayer;
  /** The catalog's tracks (its featured ones are the Master Playlist); undefined until loaded. */
  tracks: readonly TrackView[] | undefined;
  /** A featured track's own buttons, after its play button (favorite, add to playlist). */
  trackActions?: TrackActions;
  /** The Your Playlists tab's content. */
  playlists: ReactNode;
};

export function RadioPopupScreen(props: RadioPopupScreenProps) {
  return (
    <RadioMessages>
      <RadioPopupScreenContent {...props} />
    </RadioMessages>
  );
}

function RadioPopupScreenContent({ engine, music, tracks, trackActions, playlists }: RadioPopupScreenProps) {
  const radioEngine = engine ?? pageRadio();
  useRadioWiring(radioEngine);
  const radio = useRadio(radioEngine);
  const { isPending: sessionPending } = useSessionUser();
  const canListen = radio.canListen;
  const { locale } = useIntl();
  const stationsPending = useQuery(stationsQueryOptions(locale)).isPending;

  const featured = useMemo(() => featuredTracks(tracks), [tracks]);

  // What the station plays: the engine's own while it plays (live socket), else the public answer.
  const { state } = radio;
  const stationId = state.station?.id;
  const fromEngine = state.status === "playing" && state.nowPlaying?.stationId === stationId ? state.nowPlaying : null;
  const publicNowPlaying = useQuery({ ...nowPlayingQueryOptions(stationId ?? ""), enabled: stationId !== undefined && fromEngine === null }).data?.nowPlaying;
  const nowPlaying = fromEngine ?? (publicNowPlaying?.stationId === stationId ? publicNowPlaying : null) ?? null;

  const controls = useSourceControls(radio, music, canListen);
  const [help, setHelp] = useState(false);
  usePlayerShortcuts({ actions: controls, onHelp: () => setHelp(true), enabled: canListen });

  useEffect(() => {
    fitRadioPopup(window);
  }, []);

  return (
    <>
      <RadioPopup
        engine={radioEngine}
        radio={state}
        nowPlaying={nowPlaying}
        liveClock={fromEngine !== null}
        music={music.state}
        controls={controls}
        featured={featured}
        trackActions={trackActions}
        playlists={playlists}
        canListen={canListen}
        sessionPending={sessionPending}
        stationsPending={stationsPending}
      />
      {help && <ShortcutsHelpDialog onClose={() => setHelp(false)} />}
    </>
  );
}
