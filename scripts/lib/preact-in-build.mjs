// A Vite plugin for production builds: React and ReactDOM are served by preact/compat, which
// implements the same API (hooks, context, portals, Suspense, use, useSyncExternalStore) in about a
// sixth of the bytes. Dev and the component tests keep React; the e2e suite runs the built site.
const REACT_TO_PREACT = [
  { find: /^react$/, replacement: "preact/compat" },
  { find: /^react-dom$/, replacement: "preact/compat" },
  { find: /^react-dom\/client$/, replacement: "preact/compat/client" },
  { find: /^react\/jsx-runtime$/, replacement: "preact/compat/jsx-runtime" },
  { find: /^react\/jsx-dev-runtime$/, replacement: "preact/compat/jsx-dev-runtime" },
];

export function preactInBuild() {
  return {
    name: "preact-in-build",
    apply: "build",
    config: () => ({ resolve: { alias: REACT_TO_PREACT } }),
  };
}
