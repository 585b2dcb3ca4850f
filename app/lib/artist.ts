// Who the site is about (GET /api/artist): the back office's artist name, short bio, portrait and
// links, and the landing's iconic hits' covers. Shared: the landing shows them, the music player
// names the artist on the lock screen.
import { queryOptions } from "@tanstack/react-query";
import { api } from "./api";
import type { ArtistResponse } from "#contracts/admin/settings.ts";

export const artistQueryOptions = () =>
  queryOptions({
    queryKey: ["artist"],
    queryFn: ({ signal }) => api<ArtistResponse>("/api/artist", { signal }),
    // The answer is cached a minute by the Worker too.
    staleTime: 60_000,
  });
