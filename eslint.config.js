import { readdirSync } from "node:fs";
import js from "@eslint/js";
import { createNodeResolver, importX } from "eslint-plugin-import-x";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

/**
 * The dependency direction of docs/design.md ("Layout"), checked on resolved paths, so a
 * relative import cannot slip past by its spelling. Dependencies point down:
 * app/routes -> app/features -> app/components -> app/lib, app/i18n, worker/contracts; and in
 * the Worker routes -> services -> db, with lib pure and contracts shared with the app.
 */
const features = readdirSync("app/features", { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

const WORKER_STATEFUL = ["./worker/db", "./worker/services", "./worker/durable-objects", "./worker/middleware", "./worker/routes"];

const boundaries = [
  {
    target: ["./app/components", "./app/lib", "./app/i18n"],
    from: ["./app/features", "./app/routes"],
    message: "Shared app code sits below every feature: move what both need down into app/lib or app/components.",
  },
  ...features.map((feature) => ({
    target: `./app/features/${feature}`,
    from: "./app/features",
    except: [`./${feature}`],
    message: "A feature never imports another feature: move the shared piece down (app/lib, app/components), or compose the two in app/routes.",
  })),
  {
    target: "./app",
    from: ["./worker/db", "./worker/lib", "./worker/services", "./worker/durable-objects", "./worker/middleware", "./worker/routes"],
    message: "The app shares only worker/contracts with the Worker.",
  },
  {
    target: "./worker/contracts",
    from: ["./app", ...WORKER_STATEFUL, "./worker/lib"],
    message: "Contracts import only zod and other contracts.",
  },
  {
    target: "./worker/lib",
    from: WORKER_STATEFUL,
    message: "worker/lib is pure: stateful helpers belong in services/, object stubs beside their Durable Object.",
  },
  {
    target: "./worker/db",
    from: ["./worker/routes", "./worker/services", "./worker/middleware", "./worker/durable-objects", "./worker/lib/errors.ts"],
    message: "db functions return outcomes; routes turn them into HTTP errors.",
  },
  {
    target: ["./worker/services", "./worker/durable-objects"],
    from: ["./worker/routes", "./worker/middleware"],
    message: "Services and Durable Objects sit below routes and middleware.",
  },
  {
    target: "./worker/middleware",
    from: "./worker/routes",
    message: "Middleware sits below the routes.",
  },
  {
    // routes/admin/index.ts mounts the back office's sub-apps; no other route module imports one.
    target: ["./worker/routes/*.ts", "./worker/routes/admin/!(index).ts"],
    from: "./worker/routes",
    message: "No route module imports another: move the shared code into db/, services/ or lib/.",
  },
];

export default tseslint.config(
  { ignores: ["dist", ".wrangler", ".tmp", "node_modules", "app/routeTree.gen.ts", "worker-configuration.d.ts", "playwright-report", "test-results"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ["app/**/*.{ts,tsx}", "tests/app/**/*.{ts,tsx}"],
    languageOptions: { globals: globals.browser },
    plugins: { "react-hooks": reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  {
    files: ["scripts/**/*.{js,mjs,ts}", "*.config.{js,ts}", "tests/e2e/**/*.ts"],
    languageOptions: { globals: globals.node },
  },
  {
    rules: {
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
    },
  },
  {
    files: ["app/**/*.{ts,tsx}", "worker/**/*.ts"],
    plugins: { "import-x": importX },
    settings: {
      "import-x/resolver-next": [createNodeResolver({ extensions: [".ts", ".tsx", ".js", ".mjs", ".json"] })],
      // no-cycle reads the imported files too; it needs to know they are TypeScript.
      "import-x/extensions": [".ts", ".tsx", ".js", ".mjs"],
      "import-x/parsers": { "@typescript-eslint/parser": [".ts", ".tsx"] },
    },
    rules: {
      "import-x/no-restricted-paths": ["error", { zones: boundaries }],
      // Type-only imports are erased and so never form a runtime cycle.
      "import-x/no-cycle": ["error", { ignoreExternal: true }],
    },
  },
  {
    // The zones above see only imports; D1 and Durable Objects reach lib through global types.
    files: ["worker/lib/**/*.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [{ regex: "^cloudflare:", message: "worker/lib is pure: code that needs the platform belongs in services/ or beside its Durable Object." }],
        },
      ],
      "no-restricted-syntax": [
        "error",
        {
          selector: "TSTypeReference[typeName.name=/^(D1|DurableObject)/]",
          message: "worker/lib is pure: code that reads or writes D1 or a Durable Object belongs in services/ or beside its Durable Object.",
        },
      ],
    },
  },
  {
    // Contracts are read by the app's first load and by the Worker: zod and nothing else.
    files: ["worker/contracts/**/*.ts"],
    rules: {
      "no-restricted-imports": ["error", { patterns: [{ regex: "^(?!zod(/|$)|\\.)", message: "Contracts import only zod and other contracts." }] }],
    },
  },
  {
    // No hand-written module past 600 lines (every line counts, as `wc -l` does): split it along
    // its seams instead, as db/schema/ and the players' engines are. Tests are not held to it.
    files: ["app/**/*.{ts,tsx}", "worker/**/*.ts", "scripts/**/*.{js,mjs,ts}"],
    rules: { "max-lines": ["error", { max: 600, skipBlankLines: false, skipComments: false }] },
  },
);
