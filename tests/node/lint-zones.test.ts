// Lint zones as they hold: the dependency direction of the money code (decision 089) and the
// tables imported from their area's module (decision 092). Probe files, linted
// in memory with the repository's own eslint.config.js, import across the seams. The payments core
// importing a kind of purchase (the store, the VIP membership, tickets, their tables, or the areas
// that register them) is refused with the zone's message; a kind importing the core passes. And the
// store's route folder mounts its modules from index.ts only, as the back office's does.
import path from "node:path";
import { ESLint } from "eslint";
import { beforeAll, describe, expect, it } from "vitest";

const ROOT = path.resolve(import.meta.dirname, "../..");
const CORE_MESSAGE = /restricted zone\. The payments core imports no kind of purchase/;
const ROUTE_MESSAGE = /restricted zone\. No route module imports another/;

let eslint: ESLint;
beforeAll(() => {
  eslint = new ESLint({ cwd: ROOT });
});

/** The zone messages lint gives a probe file at `file` whose only content is `source`. */
async function zoneMessages(file: string, source: string): Promise<string[]> {
  const [result] = await eslint.lintText(`${source}\nexport const probe = 1;\n`, { filePath: path.join(ROOT, file) });
  return (result?.messages ?? []).filter((m) => m.ruleId === "import-x/no-restricted-paths").map((m) => m.message);
}

describe("the payments core's lint zone", () => {
  it("refuses an import of the store's kind from the payments core, spelt relatively or with #worker", { timeout: 60_000 }, async () => {
    const relative = await zoneMessages("worker/services/payments/probe.ts", 'import { storeOrders } from "../store/purchase";\nvoid storeOrders;');
    expect(relative).toHaveLength(1);
    expect(relative[0]).toMatch(CORE_MESSAGE);
    const aliased = await zoneMessages(
      "worker/services/payments/probe.ts",
      'import { planOrderEvent } from "#worker/services/store/order-fulfilment.ts";\nvoid planOrderEvent;',
    );
    expect(aliased).toHaveLength(1);
    expect(aliased[0]).toMatch(CORE_MESSAGE);
  });

  it("refuses the VIP membership, tickets, a kind's tables and the areas from the payments core", { timeout: 60_000 }, async () => {
    for (const source of [
      'import { vipSubscriptions } from "../membership/purchase";\nvoid vipSubscriptions;',
      'import { queueStep } from "../tickets/cancellation";\nvoid queueStep;',
      'import { findOrderByPaymentIntent } from "../../db/store/refunds";\nvoid findOrderByPaymentIntent;',
      'import { syncUserVip } from "../../db/payments";\nvoid syncUserVip;',
      'import { PURCHASE_KINDS } from "../areas";\nvoid PURCHASE_KINDS;',
    ]) {
      const messages = await zoneMessages("worker/services/payments/probe.ts", source);
      expect(messages, source).toHaveLength(1);
      expect(messages[0], source).toMatch(CORE_MESSAGE);
    }
  });

  it("lets a kind import the core, and the core its own event log", { timeout: 60_000 }, async () => {
    expect(await zoneMessages("worker/services/store/probe.ts", 'import { fulfilEvent } from "../payments/fulfilment";\nvoid fulfilEvent;')).toEqual([]);
    expect(await zoneMessages("worker/services/membership/probe.ts", 'import { deliver } from "../payments/local-delivery";\nvoid deliver;')).toEqual([]);
    expect(await zoneMessages("worker/services/payments/probe.ts", 'import { recordEvent } from "../../db/payment-events";\nvoid recordEvent;')).toEqual([]);
  });
});

describe("the store's route folder", () => {
  it("mounts its modules from index.ts; a module importing another is refused", { timeout: 60_000 }, async () => {
    expect(await zoneMessages("worker/routes/store/index.ts", 'import { storeCheckoutRoutes } from "./checkout";\nvoid storeCheckoutRoutes;')).toEqual([]);
    const across = await zoneMessages("worker/routes/store/probe.ts", 'import { storeCheckoutRoutes } from "./checkout";\nvoid storeCheckoutRoutes;');
    expect(across).toHaveLength(1);
    expect(across[0]).toMatch(ROUTE_MESSAGE);
  });
});

describe("the tables' lint zone", () => {
  const BARREL_MESSAGE = /restricted zone\. Import a table from its area's module/;

  it("refuses the every-table barrel in the Worker, spelt relatively or with #worker, and takes an area's module", { timeout: 60_000 }, async () => {
    for (const [file, source] of [
      ["worker/db/probe.ts", 'import { users } from "./schema";\nvoid users;'],
      ["worker/services/probe.ts", 'import { users } from "../db/schema";\nvoid users;'],
      ["worker/routes/probe.ts", 'import { users } from "#worker/db/schema.ts";\nvoid users;'],
    ] as const) {
      const messages = await zoneMessages(file, source);
      expect(messages, source).toHaveLength(1);
      expect(messages[0], source).toMatch(BARREL_MESSAGE);
    }
    expect(await zoneMessages("worker/services/probe.ts", 'import { users } from "../db/schema/accounts";\nvoid users;')).toEqual([]);
  });
});
