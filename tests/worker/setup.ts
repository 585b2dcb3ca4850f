import { listDurableObjectIds, runInDurableObject, type D1Migration } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { afterAll, afterEach, beforeEach, vi } from "vitest";
import { readUnreadBodies, useFreshClientIp } from "./helpers";
import { closeOpenSockets } from "./sockets";
import { migrate, resetStorage } from "./migrated-snapshot";
import { forget } from "../../worker/lib/memo";
import { backgroundWorkSettled } from "../../worker/lib/background-work";
import { pushTransport } from "../../worker/services/notifications";
import { pushService } from "./push-service";
import { loadEveryGroup } from "../../worker/middleware/lazy-routes";
import { loadEveryFirstUse } from "../../worker/lib/first-use";
// The entry, with every Durable Object's module: each declares what it loads on first use.
import "../../worker/index";

// The worker project runs without per-file isolation (vitest.config.ts): one workerd and one
// evaluation of the Worker's modules serve every file, instead of a new process and a new import of
// the whole Worker per file. Vitest runs this setup again before each file, so each file still
// starts from what a fresh process gave it: reset() empties D1, R2 and every Durable Object (their
// storage, alarms and live instances), then the schema the migration files make goes back in (the
// runtime's first file applies them as dev and deploy do; later files restore what they made in one
// batch: migrated-snapshot.ts, decision 092), and the local seed's demo catalog, stations and
// channels go in (decision 077: no migration holds demo content). A file that needs the empty
// site deletes them.
await resetStorage(env.DB);
const testData = env as unknown as { TEST_MIGRATIONS: D1Migration[]; TEST_SEED: string[] };
await migrate(env.DB, testData.TEST_MIGRATIONS);
await env.DB.batch(testData.TEST_SEED.map((statement) => env.DB.prepare(statement)));

// The Worker's route groups load with their first request (decision 078): here, once per run.
await loadEveryGroup();
// So do the Durable Objects' frame schemas with their first frame, and the rooms' link previews'
// builder with a room's first link (worker/lib/first-use.ts). Deployed, that import reads a module
// of the upload; here an import() goes through the test pool's module runner, whose transport
// belongs to one request, and workerd refuses to let another object await it ("Cannot perform I/O
// on behalf of a different Durable Object": four feed shards publishing a burst of likes at once;
// cloudflare/workers-sdk#5387). Loaded here, outside every object, the loaders keep them and no
// object imports at all.
await loadEveryFirstUse();

// Web push goes to the in-isolate fake push service (tests/worker/push-service.ts), never the
// network: the queue consumer runs in this isolate and sends through pushTransport. Unknown
// endpoints are answered 201; a file starts with no subscriptions or answers left by another.
pushService.reset();
pushTransport.fetch = pushService.fetch;

// A new client address per test: per-IP rate limits never carry over between tests or files.
// And a cold per-isolate cache: tests that edit the catalog in D1 see their edit.
beforeEach(() => {
  useFreshClientIp();
  forget("");
});

// Each body a test was answered with is read to its end (helpers.ts: readUnreadBodies).
afterEach(readUnreadBodies);

// Spies are restored by vitest between files; a fake clock left on by a file must not reach the
// next one either, now that they share a runtime. And a file ends with nothing still running in
// a Durable Object: the next file's reset() would cut off whatever is (a socket's close, an alarm,
// a chat reply, a request's waitUntil still querying D1) and workerd logs each with a stack, or it
// would write into the fresh storage.
afterAll(async () => {
  vi.useRealTimers();
  await backgroundWorkSettled();
  await closeOpenSockets();
  await stopChatReplies();
  await cancelAlarms();
});

/** The objects that set alarms (StationHub, PartyRoom, AnalyticsBuffer): none fires during reset(). */
async function cancelAlarms() {
  const namespaces = env as unknown as Record<"STATION_HUB" | "PARTY_ROOM" | "ANALYTICS_BUFFER", DurableObjectNamespace>;
  for (const name of ["STATION_HUB", "PARTY_ROOM", "ANALYTICS_BUFFER"] as const) {
    for (const id of await listDurableObjectIds(namespaces[name])) {
      await runInDurableObject(namespaces[name].get(id), (_instance, state) => state.storage.deleteAlarm());
    }
  }
}

/**
 * A chat reply keeps running after its tab closes (it is stored for the next visit), and a test's
 * stalled model would keep one open until its timeout. One still running when a file ends would
 * write into the next file's freshly reset storage, so every thread's reply is stopped here.
 */
async function stopChatReplies() {
  const threads = (env as unknown as { CHAT_THREAD: DurableObjectNamespace }).CHAT_THREAD;
  for (const id of await listDurableObjectIds(threads)) {
    await runInDurableObject(threads.get(id), (thread) => {
      (thread as unknown as { cancelReply(): void }).cancelReply();
    });
  }
}
