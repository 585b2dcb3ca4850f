// Plays one catalog track by id from pages that do not carry the player (the landing page loads
// this module only when a VIP presses play).
import type { TrackResponse } from "../../../../worker/contracts/music";
import { api } from "../../../lib/api";
import { requestPlayer } from "../../../lib/playerPresence";
import { pageEngine } from "./PlayerProvider";

export async function playTrackById(trackId: string) {
  const { track } = await api<TrackResponse>(`/api/music/tracks/${encodeURIComponent(trackId)}`);
  requestPlayer();
  pageEngine().playTrack(track, [track]);
}
