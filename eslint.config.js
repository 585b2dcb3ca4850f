import { readdirSync } from "node:fs";
import { fileURLToPath } from "node:url";
import js from "@eslint/js";
import { createNodeResolver, importX } from "eslint-plugin-import-x";
import reactHooks from "eslint-plugin-react-hooks";
import { noCycle } from "./scripts/lint/no-cycle.mjs";
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

/**
 * The back office has the same rule one floor down: its parts (app/features/admin/<part>) never
 * import each other; the admin root files, components/ and lib/ are the floor they share.
 */
const ADMIN = "./app/features/admin";
const ADMIN_SHARED = ["components", "lib"];
const adminParts = readdirSync(ADMIN, { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && !ADMIN_SHARED.includes(entry.name))
  .map((entry) => entry.name);

/**
 * The app's server entry, which the Worker imports as "app-ssr" (an alias of vite.config.ts and
 * vitest.config.ts; its types are worker/app-ssr.d.ts). Lint resolves the alias too, so the zones
 * and no-cycle see that edge like any other import.
 */
const APP_SSR_ENTRY = fileURLToPath(new URL("./app/ssr/render.tsx", import.meta.url));

const CORE_IMPORTS =
  "The payments core imports no kind of purchase and no other service; of db/ only its event log and disputes (payment-events.ts, payment-disputes.ts): a kind imports services/payments and registers in its area's `purchases` (worker/services/areas/), and what the core needs of a kind is a hook of PurchaseKind.";

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
  ...adminParts.map((part) => ({
    target: `${ADMIN}/${part}`,
    from: adminParts.filter((other) => other !== part).map((other) => `${ADMIN}/${other}`),
    message: "A back-office part never imports another part: move the shared piece down (admin components/ or lib/), or compose the two in app/routes.",
  })),
  {
    target: [`${ADMIN}/components`, `${ADMIN}/lib`, `${ADMIN}/*.{ts,tsx}`],
    from: adminParts.map((part) => `${ADMIN}/${part}`),
    message: "The back office's shared floor (its root files, components/, lib/) sits below every part.",
  },
  {
    target: `${ADMIN}/lib`,
    from: `${ADMIN}/components`,
    message: "app/features/admin/lib sits below the admin components.",
  },
  {
    // app/ssr runs inside the Worker, but it is the app: it too reaches the Worker only through
    // worker/contracts (ssr.ts says what the two hand each other) and the API transport.
    target: "./app",
    from: ["./worker/db", "./worker/lib", "./worker/services", "./worker/durable-objects", "./worker/middleware", "./worker/routes"],
    message: "The app, its server entry in app/ssr included, shares only worker/contracts with the Worker.",
  },
  {
    target: ["./worker/!(contracts)/**", "./worker/*.ts"],
    from: "./app",
    except: ["./ssr/render.tsx"],
    message: 'The Worker reaches the app only through its server entry, imported as "app-ssr" (app/ssr/render.tsx).',
  },
  {
    target: "./worker/contracts",
    from: ["./app", ...WORKER_STATEFUL, "./worker/lib"],
    message: "Contracts import only zod and other contracts.",
  },
  {
    target: "./worker/lib",
    from: WORKER_STATEFUL,
    message: "worker/lib is pure: stateful helpers belong in services/, Durable Object stubs in services/realtime/.",
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
    // A Durable Object class is an entry point the runtime calls, as a route is: classes import
    // services, and the Worker reaches a class only through its stub in services/realtime/.
    // Type-only imports count too (this rule has no exception for them, and none is needed: the
    // bindings' types in worker-configuration.d.ts name the classes through worker/index.ts).
    target: ["./worker/services", "./worker/routes", "./worker/middleware"],
    from: "./worker/durable-objects",
    message: "Only worker/index.ts imports the Durable Object classes: reach an object through its stub in services/realtime/.",
  },
  {
    // Any service reaches the objects through services/realtime; a service imported back would
    // close a circle (as closing a member's sockets once ran services -> objects -> services).
    target: "./worker/services/realtime",
    from: "./worker/services",
    except: ["./realtime"],
    message: "services/realtime imports only db, lib, contracts and env: every other service builds on it.",
  },
  {
    target: "./worker/middleware",
    from: "./worker/routes",
    message: "Middleware sits below the routes.",
  },
  {
    // routes/admin/index.ts mounts the back office's sub-apps, routes/store/index.ts the store's; no
    // other route module imports one.
    target: ["./worker/routes/*.ts", "./worker/routes/admin/!(index).ts", "./worker/routes/store/!(index).ts"],
    from: "./worker/routes",
    message: "No route module imports another: move the shared code into db/, services/ or lib/.",
  },
  {
    // The payments core (decision 089) owns the provider side; a kind of purchase (services/store,
    // services/membership, the next one's folder) imports it and registers through its area
    // (services/areas, `purchases`), never the other way. Held by what the core may import, so a
    // new kind's folder needs no line here.
    target: "./worker/services/payments",
    from: "./worker/services",
    except: ["./payments"],
    message: CORE_IMPORTS,
  },
  {
    target: "./worker/services/payments",
    from: "./worker/db",
    except: ["./payment-events.ts", "./payment-disputes.ts", "./client.ts", "./d1.ts"],
    message: CORE_IMPORTS,
  },
  {
    // A module imports the tables it uses from their area's file: the barrel would build every
    // table at the Worker's start-up, which holds a budget (decision 092).
    target: "./worker",
    from: "./worker/db/schema.ts",
    message: "Import a table from its area's module, worker/db/schema/<area>.ts: the barrel builds every table at the Worker's start-up.",
  },
];

/**
 * Subpath imports (package.json "imports", decision 082). A contract is `#contracts/<file>.ts` from
 * anywhere outside worker/contracts, so the seam both sides share reads the same everywhere; an
 * import that would climb four or more folders names its root instead (`#app/...`, `#worker/...`).
 * Short relative imports inside a root stay. The zones above see both spellings: they check the
 * resolved file. scripts/codemods/subpath-imports.mjs rewrites what these patterns refuse.
 */
function importPatterns(alias) {
  return [
    {
      regex: "^(\\.\\./){4}",
      message: `Four or more folders up: import from the root instead, as ${alias}/<path> with the file's extension (a contract as #contracts/<file>.ts).`,
    },
    { regex: "^#worker/contracts/", message: "A contract is imported as #contracts/<file>.ts." },
  ];
}
const APP_IMPORTS = [...importPatterns("#app"), { regex: "^(\\.\\./)+worker/", message: "The app imports a contract as #contracts/<file>.ts." }];
const WORKER_IMPORTS = [...importPatterns("#worker"), { regex: "^(\\.\\./)+contracts/", message: "The Worker imports a contract as #contracts/<file>.ts." }];

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
    // A component this long has seams to split along: hooks per concern, child components.
    files: ["app/**/*.tsx"],
    rules: { "max-lines-per-function": ["error", { max: 250, skipBlankLines: true, skipComments: true }] },
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
    plugins: { "import-x": importX, local: { rules: { "no-cycle": noCycle } } },
    settings: {
      "import-x/resolver-next": [createNodeResolver({ extensions: [".ts", ".tsx", ".js", ".mjs", ".json"], alias: { "app-ssr": [APP_SSR_ENTRY] } })],
      // no-cycle reads the imported files too; it needs to know they are TypeScript.
      "import-x/extensions": [".ts", ".tsx", ".js", ".mjs"],
      "import-x/parsers": { "@typescript-eslint/parser": [".ts", ".tsx"] },
    },
    rules: {
      "import-x/no-restricted-paths": ["error", { zones: boundaries }],
      // import-x's no-cycle skips type-only imports; this one counts them (scripts/lint/no-cycle.mjs).
      "local/no-cycle": "error",
    },
  },
  {
    files: ["scripts/**/*.{js,mjs,ts}", "*.config.{js,ts}"],
    rules: { "no-restricted-imports": ["error", { patterns: importPatterns("#worker") }] },
  },
  {
    files: ["app/**/*.{ts,tsx}"],
    rules: { "no-restricted-imports": ["error", { patterns: APP_IMPORTS }] },
  },
  {
    files: ["worker/**/*.ts"],
    ignores: ["worker/contracts/**"],
    rules: { "no-restricted-imports": ["error", { patterns: WORKER_IMPORTS }] },
  },
  {
    // The zones above see only imports; D1 and Durable Objects reach lib through global types.
    files: ["worker/lib/**/*.ts"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            ...WORKER_IMPORTS,
            { regex: "^cloudflare:", message: "worker/lib is pure: code that needs the platform belongs in services/ or durable-objects/." },
          ],
        },
      ],
      "no-restricted-syntax": [
        "error",
        {
          selector: "TSTypeReference[typeName.name=/^(D1|DurableObject)/]",
          message: "worker/lib is pure: code that reads or writes D1 or a Durable Object belongs in services/ (stubs in services/realtime/).",
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
