import { randomUUID } from "node:crypto";
import { mkdirSync, renameSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { cloudflareTest, readD1Migrations } from "@cloudflare/vitest-plugin";
import react from "@vitejs/plugin-react";
import type { Plugin } from "vite";
import { defineConfig } from "vitest/config";
import { demoCatalogStatements } from "./scripts/catalog/demo-catalog-seed.mjs";
import { englishMessages } from "./scripts/lib/english-messages.mjs";
import { notificationTextsPlugin } from "./scripts/lib/notification-texts.mjs";

const ROOT = path.dirname(fileURLToPath(import.meta.url));

/**
 * wrangler.toml for the Worker tests, without the developer's secrets. Wrangler reads `.dev.vars`
 * (or `.env`) from the directory of the config it is given, and `miniflare.bindings` can replace
 * a value but never remove one (an `undefined` binding is rejected), so a STRIPE_SECRET_KEY or
 * MAIL_PROVIDER there would put the tests in live payments or mail mode. The tests therefore get
 * the same config, with its paths made absolute, in a directory of their own where no `.dev.vars`
 * or `.env` exists; every secret they need is set explicitly below.
 */
async function hermeticWranglerConfig(): Promise<string> {
  const { experimental_readRawConfig } = await import("wrangler");
  const source = path.join(ROOT, "wrangler.toml");
  const config = structuredClone(experimental_readRawConfig({ config: source }).rawConfig) as Record<string, unknown> & {
    main?: string;
    assets?: { directory?: string };
    d1_databases?: { migrations_dir?: string }[];
    queues?: { consumers?: { max_batch_timeout?: number }[] };
    env?: unknown;
  };
  const absolute = (p: string | undefined) => (p === undefined ? undefined : path.resolve(ROOT, p));
  // The deployed environments ([env.staging], [env.production]) are not the tests' concern: they
  // run the top level, the local default.
  delete config.env;
  config.main = absolute(config.main);
  if (config.assets?.directory) config.assets.directory = absolute(config.assets.directory);
  for (const db of config.d1_databases ?? []) db.migrations_dir = absolute(db.migrations_dir);
  // Deployed, a queue waits up to a second to fill a batch; here a test waits for each delivery, so
  // every consumer takes what is there at once (the four notification files: ~50 s to ~8 s).
  for (const consumer of config.queues?.consumers ?? []) consumer.max_batch_timeout = 0;

  const dir = path.join(ROOT, ".tmp", "vitest-worker");
  const file = path.join(dir, "wrangler.json");
  mkdirSync(dir, { recursive: true });
  // Several vitest processes may start at once: write whole files only.
  const partial = `${file}.${randomUUID()}.tmp`;
  writeFileSync(partial, `${JSON.stringify(config, null, 2)}\n`);
  renameSync(partial, file);
  return file;
}

/**
 * stripe's ESM build ships a source map per file whose sources (its TypeScript) are not in the
 * package. The worker project transforms every dependency for workerd, so Vite warns once per
 * stripe file (~220 lines per run, "Sourcemap for ... points to missing source files"). Such a
 * warning about a dependency says nothing about this project, so it is dropped; the same warning
 * about one of our own files still prints. Vitest replaces any `customLogger` a project sets with
 * its own, so the filter goes on the logger Vite resolved.
 */
function quietDependencySourcemaps(): Plugin {
  const dependencyWarning = /^Sourcemap for ".*\/node_modules\/.*" points to missing source files$/;
  return {
    name: "quiet-dependency-sourcemaps",
    configResolved({ logger }) {
      const warnOnce = logger.warnOnce.bind(logger);
      logger.warnOnce = (message, options) => {
        if (!dependencyWarning.test(message)) warnOnce(message, options);
      };
    },
  };
}

// Three projects: the Worker's integration tests run inside workerd with local D1/R2/DOs; the
// Node tests run live adapters against fake vendor servers; the React units run in happy-dom.
export default defineConfig({
  test: {
    // A project (or a filter) that finds no test file fails instead of passing quietly.
    passWithNoTests: false,
    // Many tests walk failure paths on purpose, and the code logs those failures with their stack
    // (a refused webhook, an unreachable mail provider): printed for a passing test they look like
    // failures. A failing test still prints everything it logged.
    silent: "passed-only",
    projects: [
      {
        plugins: [
          quietDependencySourcemaps(),
          // The Worker renders the app's pages, whose features read their English this way.
          englishMessages(),
          notificationTextsPlugin(),
          cloudflareTest(async () => ({
            main: "./worker/index.ts",
            wrangler: { configPath: await hermeticWranglerConfig() },
            miniflare: {
              // The whole test environment: wrangler.toml's [vars], overridden here, and these
              // secrets. Payments and mail stay in local mode (no STRIPE_*, no MAIL_*); the
              // guard test tests/worker/test-env.test.ts checks that.
              bindings: {
                APP_ENV: "test",
                // The edge cache keeps public answers for up to a minute, and most files edit the
                // catalog in D1 between reads: it is on only where tests/worker/edge-cache.test.ts
                // turns it on (app.fetch with EDGE_CACHE "on").
                EDGE_CACHE: "off",
                // Every feed and notice socket test runs across shards (decision 047).
                FEED_HUB_SHARDS: "4",
                PASSWORD_PEPPER: "test-pepper-0123456789abcdef",
                SESSION_SECRET: "test-session-secret-0123456789abcdef0123456789",
                LOCAL_PAYMENTS_SECRET: "test-local-payments-secret-0123456789",
                // Web push on (worker/services/push), with a key pair made for the tests only;
                // there is no push service to reach: setup.ts makes the queue consumer's fetch the
                // fake push service (tests/worker/push-service.ts), and the sender's own tests
                // inject theirs (pushSender(env, { fetch })).
                VAPID_PUBLIC_KEY: "BO5A3gEKP2ky7td5bypyH2LPeUpszM1JsUXINHljzJuJZq1YdhUoWqiMv_1mbf9PRlG2An48rsYCFLZIY46AfEg",
                VAPID_PRIVATE_KEY: "yZDnfTy1t2E6XaXhyo25dmJkoRzOkau1NY-kMMFUK2Y",
                TEST_MIGRATIONS: await readD1Migrations("./migrations"),
                // The demo catalog, stations and channels, which the tests read as the local site
                // has them; the migrations hold none (decision 077).
                TEST_SEED: demoCatalogStatements(),
              },
            },
          })),
        ],
        // The Worker's page routes import the app's server entry (as vite.config.ts resolves it).
        resolve: { alias: { "app-ssr": path.join(ROOT, "app/ssr/render.tsx") } },
        test: {
          name: "worker",
          include: ["tests/worker/**/*.test.ts"],
          // One runtime for all files: isolation per file costs a workerd start and an import of
          // the whole Worker each (about 2 s a file); setup.ts resets storage before every file.
          isolate: false,
          // Two runtimes, each with its own storage, take turns well on 2 cores (the default,
          // cores - 1, would leave one file at a time): ~40 s instead of ~55 s for the project.
          maxWorkers: 2,
          setupFiles: ["./tests/worker/setup.ts"],
          // As the node and app projects': a test starved of CPU has not failed what it checks (no
          // test asserts a duration). Twenty password hashes in a row took over 5 s at load 12.
          testTimeout: 15_000,
        },
      },
      {
        // Live adapters (mail, payments) against fake vendor servers on localhost.
        test: {
          name: "node",
          include: ["tests/node/**/*.test.ts"],
          environment: "node",
          // One process for all files, as the Worker project's one runtime: a process and a fresh
          // import of the scripts per file took 155 core-seconds for the project, one for all 96
          // (127 s against 91 s). No file mocks a module, stubs a global or sets the environment
          // (the one with fake timers puts the real ones back), and a shuffled order passes.
          isolate: false,
          // `npm test` runs this project beside the app's, the upload check and the journeys'
          // preparation on 2 cores: a test starved of CPU for seconds has not failed what it checks
          // (no test asserts a duration), so each gets 15 s instead of vitest's 5.
          testTimeout: 15_000,
        },
      },
      {
        plugins: [react(), englishMessages(), notificationTextsPlugin()],
        test: {
          name: "app",
          include: ["tests/app/**/*.test.{ts,tsx}"],
          environment: "happy-dom",
          setupFiles: ["./tests/app/stand-ins.mjs", "./tests/app/setup.ts"],
          // Each file in a VM context of its own (its own globals and module instances, as in a
          // process of its own) inside long-lived worker threads: a new process and a new happy-dom
          // window per file took as much CPU as the tests themselves (273 against 158 core-s for
          // the project). tests/app/stand-ins.mjs gives the context what happy-dom's window lacks.
          pool: "vmThreads",
          // Two files at a time (the default is cores - 1, one here): ~100 s to ~60 s on 2 cores.
          maxWorkers: 2,
          // As the node project's: it shares the cores with the stages beside it.
          testTimeout: 15_000,
        },
      },
    ],
  },
});
