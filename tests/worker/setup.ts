import { applyD1Migrations } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { beforeEach } from "vitest";
import { useFreshClientIp } from "./helpers";
import { forget } from "../../worker/lib/memo";

// Same migration files as dev and deploy; each test file starts from an empty database.
await applyD1Migrations(env.DB, (env as unknown as { TEST_MIGRATIONS: import("cloudflare:test").D1Migration[] }).TEST_MIGRATIONS);

// A new client address per test: per-IP rate limits never carry over between tests or files.
// And a cold per-isolate cache: tests that edit the catalog in D1 see their edit.
beforeEach(() => {
  useFreshClientIp();
  forget("");
});
