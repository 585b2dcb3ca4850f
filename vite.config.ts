import { fileURLToPath } from "node:url";
import { cloudflare } from "@cloudflare/vite-plugin";
import { tanstackRouter } from "@tanstack/router-plugin/vite";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";
import { precompiledMessages } from "./scripts/lib/precompiled-messages.mjs";
import { firstLoadManifest } from "./scripts/lib/first-load-manifest.mjs";
import { SSR_ROUTES } from "./worker/contracts/ssr.ts";

export default defineConfig({
  plugins: [
    precompiledMessages(),
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
    firstLoadManifest(SSR_ROUTES),
    cloudflare(),
  ],
  // The Worker renders public pages with the app's server entry (worker/contracts/ssr.ts).
  resolve: { alias: { "app-ssr": fileURLToPath(new URL("./app/ssr/render.tsx", import.meta.url)) } },
  server: { host: "127.0.0.1" },
});
