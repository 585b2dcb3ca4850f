import { cloudflare } from "@cloudflare/vite-plugin";
import { tanstackRouter } from "@tanstack/router-plugin/vite";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";
import { precompiledMessages } from "./scripts/lib/precompiled-messages.mjs";

export default defineConfig({
  plugins: [
    precompiledMessages(),
    // The router plugin must run before React's so file routes are generated and split first.
    tanstackRouter({
      target: "react",
      autoCodeSplitting: true,
      routesDirectory: "./app/routes",
      generatedRouteTree: "./app/routeTree.gen.ts",
    }),
    react(),
    cloudflare(),
  ],
  server: { host: "127.0.0.1" },
});
