// The tracks the signed-in member bought (their collection, /collection): the music player plays
// them in full without VIP, as the Worker streams them to their owner (decision 054). Filled by
// the collection when it loads, for that member only: after signing out, or signed in as someone
// else, the list is empty.
type Owned = { userId: string; trackIds: ReadonlySet<string> };

let owned: Owned | null = null;

/** What `userId` owns: every track of their collection's releases. */
export function setOwnedTracks(userId: string, trackIds: Iterable<string>) {
  owned = { userId, trackIds: new Set(trackIds) };
}

/** Whether `userId` owns every one of `tracks` (false for none). */
export function ownsAllTracks(userId: string | null | undefined, tracks: readonly { id: string }[]): boolean {
  if (!owned || !userId || owned.userId !== userId || tracks.length === 0) return false;
  const ids = owned.trackIds;
  return tracks.every((track) => ids.has(track.id));
}
