// Early access: where an album or a track stands at a moment, from its public release time and
// its VIP early-access time. Pure; the catalog reads (db/music/music.ts) and the routes decide with it.

export type ReleaseTimes = { releaseAt: Date | null; earlyAccessAt: Date | null };

/** hidden: before early access (admins only); early: VIPs and admins hear it; released: everyone. */
export type ReleaseState = "hidden" | "early" | "released";

const RANK: Record<ReleaseState, number> = { hidden: 0, early: 1, released: 2 };

export function releaseStateOf({ releaseAt, earlyAccessAt }: ReleaseTimes, now: number): ReleaseState {
  if (releaseAt === null || releaseAt.getTime() <= now) return "released";
  if (earlyAccessAt !== null && earlyAccessAt.getTime() <= now) return "early";
  return "hidden";
}

/** A track is never more released than its album. */
export const lessReleased = (a: ReleaseState, b: ReleaseState): ReleaseState => (RANK[a] <= RANK[b] ? a : b);

/** When an item not yet released goes public: the latest future release time among `times`. */
export function publicAt(times: ReleaseTimes[], now: number): Date | null {
  let latest: Date | null = null;
  for (const { releaseAt } of times) if (releaseAt && releaseAt.getTime() > now && (!latest || releaseAt > latest)) latest = releaseAt;
  return latest;
}

/** The first moment after `now` at which any of `times` changes state; null when none will. */
export function nextTransition(times: Iterable<ReleaseTimes>, now: number): number | null {
  let next: number | null = null;
  for (const { releaseAt, earlyAccessAt } of times) {
    for (const at of [releaseAt, earlyAccessAt]) {
      const t = at?.getTime();
      if (t !== undefined && t > now && (next === null || t < next)) next = t;
    }
  }
  return next;
}
