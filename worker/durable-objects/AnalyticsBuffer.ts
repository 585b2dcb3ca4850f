// Collects page views from POST /api/collect (RPC `record`, called from the Worker's waitUntil,
// so the visitor never waits) and writes them to D1 in batches: every FLUSH_INTERVAL_MS (an
// alarm set when the first view arrives) or as soon as FLUSH_AT_VIEWS are waiting. A failed
// flush keeps its views and retries from the next alarm, backing off. The per-IP rate limit
// lives here too, in memory, so counting a view costs no D1 write at all.
//
// What is buffered lives in memory only: a restart of the object (a deploy) loses at most the
// last FLUSH_INTERVAL_MS of views, in exchange for no storage write per view.
//
// One object serves the site (it takes on the order of 1,000 requests a second). To spread the
// load, raise ANALYTICS_BUFFER_SHARDS (services/realtime/analytics-buffer.ts): a view goes to
// shard hash(client IP) mod N, so one visitor's views (and one IP's rate limit) always meet in the
// same object.
import { DurableObject } from "cloudflare:workers";
import type { AppEnv } from "../env";
import { PageViewBuffer, type AddOutcome, type IncomingView } from "../services/analytics/buffer";
import { COLLECT_PER_IP_PER_MINUTE } from "#contracts/collect.ts";

export const FLUSH_INTERVAL_MS = 2_000;
export const FLUSH_AT_VIEWS = 500;
/** About 20 MB of views: beyond this, while D1 keeps failing, new views are dropped. */
const MAX_PENDING_VIEWS = 100_000;
const MAX_RETRY_MS = 60_000;

export class AnalyticsBuffer extends DurableObject<AppEnv> {
  private buffer = new PageViewBuffer(this.env.DB, { perIpPerMinute: COLLECT_PER_IP_PER_MINUTE, maxPending: MAX_PENDING_VIEWS });
  /** Replaceable in tests (runInDurableObject), so a slow machine's clock cannot flush for them. */
  flushIntervalMs = FLUSH_INTERVAL_MS;
  /** When the alarm is set for, or null when none is. */
  private alarmAt: number | null = null;
  private failures = 0;

  /** Takes one page view (RPC). */
  async record(view: IncomingView): Promise<AddOutcome> {
    const outcome = this.buffer.add(view);
    if (outcome !== "buffered") return outcome;
    if (this.buffer.size >= FLUSH_AT_VIEWS) void this.flushOrRetry();
    else await this.armAlarm(this.flushIntervalMs);
    return outcome;
  }

  /** Writes the buffered views now (RPC: tests, and a Worker that wants its figures current). */
  async flush(): Promise<number> {
    return this.buffer.flush();
  }

  async alarm() {
    this.alarmAt = null;
    await this.flushOrRetry();
  }

  private async flushOrRetry() {
    try {
      await this.buffer.flush();
      this.failures = 0;
    } catch (error) {
      this.failures++;
      console.error(`analytics: flush of ${this.buffer.size} page views failed (attempt ${this.failures}), kept for retry:`, error);
    }
    if (this.buffer.size > 0) await this.armAlarm(Math.min(MAX_RETRY_MS, this.flushIntervalMs * 2 ** this.failures));
  }

  /** An alarm at most `delayMs` away: one set for later (a retry's back-off, a longer interval) is brought forward. */
  private async armAlarm(delayMs: number) {
    const at = Date.now() + delayMs;
    if (this.alarmAt !== null && this.alarmAt <= at) return;
    this.alarmAt = at;
    await this.ctx.storage.setAlarm(at);
  }
}
