// A Vite plugin for the Worker's build: the server render's route tree keeps every route's
// definition (its path, search validation and guard: the Worker matches any address to answer a
// page it does not render with the shell, or a visitor with the sign-in redirect), but only the
// pages it renders (SSR_ROUTES, their layouts and the root) keep their split parts. Every other
// route's component, loader and the rest of its lazy chunks become an empty module, so the back
// office, the door's check-in (its camera QR decoder) and the charts never reach the upload
// (decision 075). The browser's build is untouched.
import path from "node:path";

const SPLIT = /[?&]tsr-split=([\w-]+)/;
const STUB_PREFIX = "\0server-unrendered-route:";

/** The route files whose lazy parts the server keeps: the rendered pages and their layouts. */
export function renderedRouteFiles(root, ssrRouteFiles, routesDir = "app/routes") {
  const kept = new Set([path.resolve(root, routesDir, "__root.tsx")]);
  for (const file of ssrRouteFiles) {
    const absolute = path.resolve(root, file);
    kept.add(absolute);
    // Each folder between the page and the routes folder may have a layout (route.tsx).
    for (let dir = path.dirname(absolute); dir.startsWith(path.resolve(root, routesDir)); dir = path.dirname(dir)) {
      kept.add(path.join(dir, "route.tsx"));
    }
  }
  return kept;
}

/** `ssrRoutes`: route id to route file (SSR_ROUTES, worker/contracts/areas/). */
export function serverRenderedRoutesOnly(ssrRoutes) {
  let kept = new Set();
  let routesDir = "";
  return {
    name: "server-rendered-routes-only",
    enforce: "pre",
    applyToEnvironment: (environment) => environment.config.consumer === "server",
    configResolved(config) {
      kept = renderedRouteFiles(config.root, Object.values(ssrRoutes));
      routesDir = path.resolve(config.root, "app/routes") + path.sep;
    },
    resolveId(source, importer) {
      const split = SPLIT.exec(source);
      if (!split || !importer) return null;
      const file = path.resolve(path.dirname(importer.split("?")[0]), source.split("?")[0]);
      if (!file.startsWith(routesDir) || kept.has(file)) return null;
      return `${STUB_PREFIX}${split[1]}`;
    },
    load(id) {
      if (!id.startsWith(STUB_PREFIX)) return null;
      // The split's parts ("component---loader"), each a no-op: the Worker never renders these
      // routes, it only matches them.
      const parts = id.slice(STUB_PREFIX.length).split("---");
      return parts.map((part) => `export const ${part} = () => null;`).join("\n");
    },
  };
}

/**
 * The Worker's build minified (Vite leaves server builds readable): a third less to upload and for
 * every new isolate to parse. Function and class names are kept (errors and logs name them), and
 * the uploaded source maps (wrangler.toml upload_source_maps) map the logs' stack traces back.
 * What the entry imports statically goes into one chunk beside it (`$initial`: the entry's static
 * dependency chain): the route groups that load on first use (decision 078) share modules with the
 * start-up path, and left to itself the bundler cuts those into dozens of small chunks, each one
 * more module for a new isolate to resolve and link before its first request.
 */
export function minifiedWorker() {
  return {
    name: "minified-worker",
    configEnvironment(name) {
      if (name === "client") return null;
      return {
        build: {
          minify: true,
          rollupOptions: { output: { keepNames: true, codeSplitting: { groups: [{ name: "start-up", tags: ["$initial"] }] } } },
        },
      };
    },
  };
}
