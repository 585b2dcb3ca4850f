// How the Worker reaches the page-view buffers (durable-objects/AnalyticsBuffer.ts): a view goes
// to shard hash(client IP) mod ANALYTICS_BUFFER_SHARDS, so one visitor's views (and one IP's rate
// limit) always meet in the same object.
import type { AppEnv } from "../../env";

export const ANALYTICS_BUFFER_SHARDS = 1;

const shardStub = (env: AppEnv, shard: number) => env.ANALYTICS_BUFFER.get(env.ANALYTICS_BUFFER.idFromName(`analytics-buffer-${shard}`));

/** The buffer a client's views go to: shard hash(IP) mod ANALYTICS_BUFFER_SHARDS. */
export function analyticsBufferFor(env: AppEnv, ipKey: string) {
  return shardStub(env, Number.parseInt(ipKey.slice(0, 8), 16) % ANALYTICS_BUFFER_SHARDS);
}

/**
 * Flushes every shard; resolves with the number of views written.
 * @internal
 */
export async function flushAnalyticsBuffers(env: AppEnv): Promise<number> {
  const shards = Array.from({ length: ANALYTICS_BUFFER_SHARDS }, (_, shard) => shardStub(env, shard));
  const written = await Promise.all(shards.map((stub) => stub.flush()));
  return written.reduce((sum, n) => sum + n, 0);
}
