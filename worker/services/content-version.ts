// What the edge cache keys on. Each isolate reads the version at most every VERSION_TTL_MS (from
// the nearest replica), so a change made in the back office reaches every location within that
// plus the replica's lag (decision 050). An isolate that sees a new version also drops its own
// memos of public reads (lib/memo.ts): they were computed from the content before the change.
import type { DB } from "../db/client";
import { readContentVersion, renewContentVersion } from "../db/content-version";
import { forget, remember } from "../lib/memo";

export const VERSION_TTL_MS = 5_000;
const VERSION_KEY = "edge:content-version";

let lastSeen: string | undefined;

export function currentContentVersion(db: DB, now = Date.now()): Promise<string> {
  return remember(
    VERSION_KEY,
    VERSION_TTL_MS,
    async () => {
      const version = await readContentVersion(db);
      if (lastSeen !== undefined && version !== lastSeen) forget("");
      lastSeen = version;
      return version;
    },
    now,
  );
}

/** After a change to public content: a new version, seen at once in this isolate. */
export async function publicContentChanged(db: DB, now = Date.now()): Promise<void> {
  await renewContentVersion(db, now);
  forget("");
}
