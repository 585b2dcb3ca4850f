// What the root layout mounts (lazily, see app/lib/playerPresence.ts) once the page needs the
// player: the page engine's wiring and the persistent player bar.
import { useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { applyPlayCounted } from "../queries";
import { PlayerBar } from "./PlayerBar";
import { onPagePlayCounted, pageEngine, usePlayerWiring } from "./PlayerProvider";

export default function PlayerHost({ showBar }: { showBar: boolean }) {
  const queryClient = useQueryClient();
  usePlayerWiring(pageEngine());
  // A counted play raises the counters on screen (total plays, the track's plays) at once.
  useEffect(() => onPagePlayCounted((response, trackId) => response.counted && applyPlayCounted(queryClient, response, trackId)), [queryClient]);
  return showBar ? <PlayerBar /> : null;
}
