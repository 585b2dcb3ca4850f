import { cloudflareTest, readD1Migrations } from "@cloudflare/vitest-plugin";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vitest/config";

// Two projects: the Worker's integration tests run inside workerd with local D1/R2/DOs;
// the React units run in happy-dom.
export default defineConfig({
  test: {
    projects: [
      {
        plugins: [
          cloudflareTest(async () => ({
            main: "./worker/index.ts",
            wrangler: { configPath: "./wrangler.toml" },
            miniflare: {
              bindings: {
                APP_ENV: "test",
                PASSWORD_PEPPER: "test-pepper-0123456789abcdef",
                SESSION_SECRET: "test-session-secret-0123456789abcdef0123456789",
                LOCAL_PAYMENTS_SECRET: "test-local-payments-secret-0123456789",
                TEST_MIGRATIONS: await readD1Migrations("./migrations"),
              },
            },
          })),
        ],
        test: {
          name: "worker",
          include: ["tests/worker/**/*.test.ts"],
          setupFiles: ["./tests/worker/setup.ts"],
        },
      },
      {
        // Live adapters (mail, payments) against fake vendor servers on localhost.
        test: {
          name: "node",
          include: ["tests/node/**/*.test.ts"],
          environment: "node",
        },
      },
      {
        plugins: [react()],
        test: {
          name: "app",
          include: ["tests/app/**/*.test.{ts,tsx}"],
          environment: "happy-dom",
          setupFiles: ["./tests/app/setup.ts"],
        },
      },
    ],
  },
});
