import { cloudflare } from "@cloudflare/vite-plugin";
import { tanstackRouter } from "@tanstack/router-plugin/vite";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";
import { precompiledMessages } from "./scripts/lib/precompiled-messages.mjs";
import { preactInBuild } from "./scripts/lib/preact-in-build.mjs";
import { firstLoadManifest } from "./scripts/lib/first-load-manifest.mjs";
import { FIRST_LOAD_PAGES } from "./worker/contracts/first-load.ts";

export default defineConfig({
  plugins: [
    precompiledMessages(),
    preactInBuild(),
    // The router plugin must run before React's so file routes are generated and split first.
    tanstackRouter({
      target: "react",
      autoCodeSplitting: true,
      routesDirectory: "./app/routes",
      generatedRouteTree: "./app/routeTree.gen.ts",
      codeSplittingOptions: {
        // A back-office page's loader travels with its component: admins wait one chunk longer on
        // a first visit, and the public first load carries none of the back office's queries.
        splitBehavior: ({ routeId }) =>
          routeId.startsWith("/admin")
            ? [
                ["loader", "component"],
                ["pendingComponent", "errorComponent", "notFoundComponent"],
              ]
            : undefined,
      },
    }),
    react(),
    firstLoadManifest(Object.fromEntries(Object.entries(FIRST_LOAD_PAGES).map(([page, { route }]) => [page, route]))),
    cloudflare(),
  ],
  server: { host: "127.0.0.1" },
});
