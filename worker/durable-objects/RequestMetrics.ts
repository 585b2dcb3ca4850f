// The last hour of request figures, per minute, for the back office's Overview (error rate and
// p95 latency). Isolates count their own requests in memory and hand them over at most every
// REQUEST_STATS_FLUSH_MS (worker/middleware/request-log.ts), so this object takes a call per
// isolate every few seconds, not one per request. Minutes older than an hour are dropped.
import { DurableObject } from "cloudflare:workers";
import type { AppEnv } from "../env";
import { mergeMinute, minuteOf, summarize, type HourSummary, type MinuteStats } from "../lib/request-stats";

const HOUR_MINUTES = 60;

export class RequestMetrics extends DurableObject<AppEnv> {
  /** Adds isolates' minutes to the stored ones. */
  async record(minutes: MinuteStats[], now = Date.now()): Promise<void> {
    const oldest = minuteOf(now) - HOUR_MINUTES;
    for (const m of minutes) {
      if (m.minute <= oldest) continue;
      const key = `m:${m.minute}`;
      const stored = (await this.ctx.storage.get<MinuteStats>(key)) ?? { ...m, requests: 0, errors: 0, latency: m.latency.map(() => 0) };
      mergeMinute(stored, m);
      await this.ctx.storage.put(key, stored);
    }
    const stale = await this.ctx.storage.list<MinuteStats>({ prefix: "m:", end: `m:${oldest + 1}` });
    if (stale.size > 0) await this.ctx.storage.delete([...stale.keys()]);
  }

  /** The last 60 minutes, this one included. */
  async lastHour(now = Date.now()): Promise<HourSummary> {
    const from = minuteOf(now) - HOUR_MINUTES + 1;
    const minutes = await this.ctx.storage.list<MinuteStats>({ prefix: "m:", start: `m:${from}` });
    return summarize([...minutes.values()]);
  }

  /** For the health check: the object answers. */
  ping(): "ok" {
    return "ok";
  }
}
