// Shared by the released remixes' tests (decision 197): a contest whose results are stored, with a
// placed entry whose audio is in R2, and the publish request.
import { call, createUser, type TestUser } from "./helpers";
import { ADMIN_API, D1, MEDIA, createContest, submittedEntry, validContest } from "./contests-fixtures";
import type { PublishInput } from "../../worker/contracts/contests/releases";

/** A contest whose results are stored, with a placed entry (its audio in R2) and an unplaced one. */
export async function contestWithResults(admin: TestUser, trackId: string, opts: { results?: boolean; coAuthor?: TestUser } = {}) {
  const contest = await createContest(admin, validContest(trackId));
  const [entrant, other] = [await createUser("user"), await createUser("user")];
  const placed = await submittedEntry(contest.id, entrant, "Club Mix");
  const unplaced = await submittedEntry(contest.id, other, "Late Mix");
  await MEDIA.put(`contest-entries/${placed}.mp3`, new Uint8Array([0xff, 0xfb, 0x90, 0x00, 1, 2, 3, 4]), { httpMetadata: { contentType: "audio/mpeg" } });
  if (opts.coAuthor) {
    await D1.prepare("INSERT INTO contest_entry_credits (entry_id, user_id, status, invited_at, answered_at) VALUES (?1, ?2, 'confirmed', 0, 0)")
      .bind(placed, opts.coAuthor.id)
      .run();
  }
  if (opts.results !== false) {
    await D1.batch([
      D1.prepare("UPDATE contests SET results_at = 1 WHERE id = ?").bind(contest.id),
      D1.prepare(
        "INSERT INTO contest_results (contest_id, entry_id, place, fan_votes, fan_share_permille, jury_share_permille, score_permille) VALUES (?, ?, 1, 4, 1000, 0, 1000)",
      ).bind(contest.id, placed),
    ]);
  }
  return { contest, placed, unplaced, entrant, other };
}

export const publish = (contestId: string, entryId: string, json: PublishInput | Record<string, unknown>, cookie?: string) =>
  call(`${ADMIN_API}/${contestId}/entries/${entryId}/publish`, { method: "POST", json, cookie });
