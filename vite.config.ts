import { fileURLToPath } from "node:url";
import { cloudflare } from "@cloudflare/vite-plugin";
import { tanstackRouter } from "@tanstack/router-plugin/vite";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";
import { englishMessages } from "./scripts/lib/english-messages.mjs";
import { notificationTextsPlugin } from "./scripts/lib/notification-texts.mjs";
import { precompiledMessages } from "./scripts/lib/precompiled-messages.mjs";
import { firstLoadManifest } from "./scripts/lib/first-load-manifest.mjs";
import { serviceWorker } from "./scripts/lib/service-worker.mjs";
import { minifiedWorker, serverRenderedRoutesOnly } from "./scripts/lib/server-route-tree.mjs";
import { SSR_ROUTES } from "./worker/contracts/areas/index.ts";

/** "store-" for a chunk named after a module of worker/contracts/store/, else nothing. */
function contractArea(chunk: { name: string; moduleIds: readonly string[] }): string {
  const area = chunk.moduleIds
    .map((id) => /\/worker\/contracts\/([a-z-]+)\/([a-z0-9-]+)\.ts$/.exec(id))
    .find((match) => match && match[2] === chunk.name && match[1] !== "areas" && match[1] !== chunk.name);
  return area ? `${area[1]}-` : "";
}

export default defineConfig(({ command }) => ({
  plugins: [
    // A feature's English catalog, read from its defaultMessages (`./messages?english`).
    englishMessages(),
    precompiledMessages(),
    // The notification centre's sentences, from the areas' words files (`virtual:notification-texts`).
    notificationTextsPlugin(),
    // The Worker's build: only the pages it renders keep their components (the back office's stay in the browser's).
    serverRenderedRoutesOnly(SSR_ROUTES),
    minifiedWorker(),
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
    serviceWorker(),
    cloudflare(),
  ],
  // The Worker renders public pages with the app's server entry (worker/contracts/ssr.ts).
  resolve: { alias: { "app-ssr": fileURLToPath(new URL("./app/ssr/render.tsx", import.meta.url)) } },
  server: { host: "127.0.0.1" },
  // Rolldown's "plugins took most of this build" notice reads the host, not the code: it comes on a
  // busy machine and not on a quiet one (its slowest callback is the router's code splitter). The
  // suite's stage table times the build instead.
  build: { rolldownOptions: { checks: { bundlerTimings: false } } },
  environments: {
    client: {
      build: {
        // One browser chunk is above Vite's 500 kB: hls.js (about 580 kB, one library, minified
        // upstream, nothing of ours to split), fetched only by a live show's page in a browser with
        // no HLS of its own. Its light build would be 375 kB but leaves out alternate audio and
        // subtitles, which Cloudflare Stream's live playlists may carry. Anything else this large
        // still warns.
        chunkSizeWarningLimit: 600,
        // A contract in an area's folder (worker/contracts/store/model.ts) names its chunk with the
        // folder too (store-model, tiers-limits): "model" or "limits" alone says nothing.
        rolldownOptions: { output: { chunkFileNames: (chunk) => `assets/${contractArea(chunk)}[name]-[hash].js` } },
      },
    },
  },
  // Vite's dev server puts React Refresh's preamble into every page as an inline script: the
  // Worker's policy lets inline scripts run there, and only there (worker/middleware/security-headers.ts).
  define: { __VITE_DEV_SERVER__: JSON.stringify(command === "serve") },
}));
