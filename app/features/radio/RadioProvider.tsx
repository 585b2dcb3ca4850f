// The page's one radio engine, shared by the radio page, the mini player and the popup. Created on
// first use (in the radio chunk), so the entry chunk never carries it. The host (RadioHost.tsx)
// keeps the station list in the engine and stops the radio when the session is not VIP/admin.
import { useQuery } from "@tanstack/react-query";
import { useEffect, useMemo, useSyncExternalStore } from "react";
import { artistQueryOptions } from "../../lib/artist";
import { claimAudioFocus, registerAudioOwner } from "../../lib/audioFocus";
import { requestRadio } from "../../lib/radioPresence";
import { canUseVipContent, useSessionAnswer } from "../../lib/session/useSession";
import { RadioEngine, type RadioState } from "./engine";
import { stationsQueryOptions, tuneStation } from "./queries";
import { useIntl } from "react-intl";

let pageRadioInstance: RadioEngine | null = null;

export function pageRadio(): RadioEngine {
  if (!pageRadioInstance) {
    const engine = new RadioEngine({ tune: tuneStation, onStart: () => claimAudioFocus("radio") });
    registerAudioOwner("radio", () => engine.pause());
    pageRadioInstance = engine;
  }
  return pageRadioInstance;
}

/** Only VIP members and admins can listen: true, false, or null while the session is loading. */
export function useCanListen(): boolean | null {
  const { me } = useSessionAnswer();
  return me ? canUseVipContent(me.user) : null;
}

/** Keeps the station list and the artist's name in the engine and stops the radio when the session cannot listen. */
export function useRadioWiring(engine: RadioEngine = pageRadio()) {
  const { locale } = useIntl();
  const stations = useQuery(stationsQueryOptions(locale)).data?.stations;
  useEffect(() => {
    if (stations) engine.setStations(stations);
  }, [engine, stations]);
  // The lock screen names the artist of a catalog track (the station stands in until it loads).
  const artistName = useQuery(artistQueryOptions()).data?.name ?? "";
  useEffect(() => engine.setArtist(artistName), [engine, artistName]);
  const allowed = useCanListen();
  useEffect(() => {
    if (allowed === false) engine.reset();
  }, [engine, allowed]);
}

export type RadioApi = { state: RadioState; engine: RadioEngine; canListen: boolean };

/** The radio's whole state; using it asks the root layout to mount the mini player. */
export function useRadio(engine: RadioEngine = pageRadio()): RadioApi {
  useEffect(() => requestRadio(), []);
  const state = useSyncExternalStore(engine.subscribe, engine.getState, engine.getState);
  const canListen = useCanListen() === true;
  return useMemo(() => ({ state, engine, canListen }), [state, engine, canListen]);
}
