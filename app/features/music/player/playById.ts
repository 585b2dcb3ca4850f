// Plays one catalog track by id from pages that do not carry the player (the landing page loads
// this module only when someone presses play): in full, or its preview for visitors and free
// members. The mode is set here as well as by the player's wiring, which may not have run yet.
import type { TrackResponse } from "#contracts/music/music.ts";
import { api } from "../../../lib/api";
import { requestPlayer } from "../../../lib/playerPresence";
import { pageEngine } from "./PlayerProvider";

export async function playTrackById(trackId: string, { preview = false }: { preview?: boolean } = {}) {
  const { track } = await api<TrackResponse>(`/api/music/tracks/${encodeURIComponent(trackId)}`);
  requestPlayer();
  const engine = pageEngine();
  engine.setPreviewMode(preview);
  engine.playTrack(track, [track]);
}
