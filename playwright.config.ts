// End-to-end journeys against the built site served by `wrangler dev` (scripts/e2e-server.mjs),
// in Debian's Chromium headless shell. Playwright never downloads a browser here.
//
// Journeys run side by side, each one on its own: it makes its own members, posts and playlists
// (tests/e2e/fixtures.ts `signUp`, `signUpVip`), reads global counts relative to what it found
// before, and signs in to the demo accounts without changing them (password, sessions, role, VIP,
// language). The few journeys that must change something there is only one of (a site setting,
// a demo single's release times) declare a lock, and Playwright never runs two journeys with the
// same lock at once. So order and neighbours do not matter; to see that, shuffle the order with
// Playwright's own option and a seed that reproduces it: `npx playwright test --shuffle=<seed>`
// (the run's first line names the seed).
import { defineConfig, devices } from "@playwright/test";
import { hostMs } from "./tests/e2e/host-time";

const PORT = Number(process.env.E2E_PORT ?? 8789);
const BASE_URL = `http://127.0.0.1:${PORT}`;
const CI = Boolean(process.env.CI);
// `npm test` (scripts/test-all.mjs) makes the server's local state beside its earlier stages
// (E2E_PREPARED) and hands it the upload check's build to copy (E2E_BUILD_FROM): the server then
// neither seeds nor builds the site again. Alone, `npx playwright test` makes both itself.
const SERVER_FLAGS = [...(process.env.E2E_PREPARED ? ["--prepared"] : []), ...(process.env.E2E_BUILD_FROM ? ["--build-from", process.env.E2E_BUILD_FROM] : [])];

export default defineConfig({
  testDir: "./tests/e2e",
  globalSetup: "./tests/e2e/global-setup.ts",
  outputDir: "./test-results/e2e",
  // Every journey, not just every file, is free to run next to any other.
  fullyParallel: true,
  // Three workers on the 2-core machine: a journey waits now and then (a page's timer, a show's
  // stream, the server), and with one worker per core those waits left a fifth of the cores idle.
  // The 132 journeys took 294 s on three workers against 312 s on two, with the same CPU (569 and
  // 563 core-seconds; fresh state each, one run after the other, the quiet machine).
  workers: 3,
  forbidOnly: CI,
  retries: CI ? 1 : 0,
  // Limits written for the team's quiet host, stretched by how much slower this one is now (host-time.ts).
  timeout: hostMs(60_000),
  expect: { timeout: hostMs(10_000) },
  reporter: [["list"], ["json", { outputFile: process.env.E2E_JSON_REPORT ?? ".tmp/reports/e2e.json" }]],
  use: {
    baseURL: BASE_URL,
    locale: "en-US",
    // A trace records a DOM snapshot at every action and a screencast throughout, and recording it
    // on every journey cost a quarter of the browser's CPU on the 2-core machine (the journeys are
    // CPU-bound there). CI retries a failed journey once and traces that retry; locally,
    // `npx playwright test --trace on` records every journey.
    trace: "on-first-retry",
    screenshot: "only-on-failure",
    // The service worker (decision 042) stays out of the journeys: each sees the network as it is.
    // tests/e2e/pwa.spec.ts allows it.
    serviceWorkers: "block",
  },
  projects: [
    {
      name: "chromium",
      use: {
        ...devices["Desktop Chrome"],
        launchOptions: {
          // Debian's headless shell (package chromium-headless-shell): the same Blink and V8 as
          // its Chromium without the full browser's UI and GPU processes. The journeys are CPU-bound
          // on 2 cores, and Chromium was 70 % of their CPU; the shell ran the same journeys with a
          // quarter less (decision 087).
          executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium-headless-shell",
          args: [
            "--no-sandbox",
            "--disable-gpu",
            "--disable-dev-shm-usage",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-sync",
            "--no-first-run",
          ],
        },
      },
    },
  ],
  webServer: {
    command: ["node scripts/e2e-server.mjs --port", PORT, ...SERVER_FLAGS].join(" "),
    url: `${BASE_URL}/api/config`,
    reuseExistingServer: !CI,
    timeout: 360_000, // prepare (first run: demo media, ~50-80 s) + build + workerd start on 2 cores
    stdout: "pipe",
    gracefulShutdown: { signal: "SIGTERM", timeout: 5_000 },
    env: { WRANGLER_SEND_METRICS: "false", CLOUDFLARE_CF_FETCH_ENABLED: "false" },
  },
});
