// One announcement of a change of access (services/access-changed.ts, decision 168): the member's
// access is read once and handed to every area that reacts (services/areas/access.ts); an area
// that fails is logged under its name and the others still react; a member who no longer exists
// is nobody's concern.
import { env } from "cloudflare:workers";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createDb } from "../../worker/db/client";
import { accessChanged } from "../../worker/services/access-changed";
import { ACCESS_AREAS } from "../../worker/services/areas/access";
import type { AccessChange } from "../../worker/services/areas/area";
import { createUser } from "./helpers";

const db = () => createDb(env.DB);

afterEach(() => vi.restoreAllMocks());

/**
 * The areas that reacted when the list was written by hand, and any area added since, read from
 * ACCESS_AREAS' declarations: a newer area's reaction is its own entry there.
 */
const PINNED = ["chat", "feed", "parties", "radio", "rooms"];
const REACTING = [...PINNED, ...Object.keys(ACCESS_AREAS).filter((name) => !PINNED.includes(name))].sort();

/** Every area's reaction replaced by a recorder; `failing` throws instead. */
function recordReactions(failing?: keyof typeof ACCESS_AREAS) {
  const seen: Record<string, AccessChange[]> = {};
  for (const [name, area] of Object.entries(ACCESS_AREAS)) {
    vi.spyOn(area, "accessChanged").mockImplementation(async (_env, _db, change) => {
      (seen[name] ??= []).push(change);
      if (name === failing) throw new Error(`${name} is away`);
    });
  }
  return seen;
}

describe("accessChanged", () => {
  it("hands a member's new roles, read once, to every area that reacts", async () => {
    const vip = await createUser("vip");
    const seen = recordReactions();
    await accessChanged(env, db(), { kind: "roles", userId: vip.id });
    expect(Object.keys(seen).sort()).toEqual(REACTING);
    for (const changes of Object.values(seen)) {
      expect(changes).toEqual([{ kind: "roles", userId: vip.id, access: { vip: true, admin: false, tier: expect.objectContaining({ id: "vip" }) } }]);
    }
  });

  it("logs an area that fails under its name, and the other areas still react", async () => {
    const fan = await createUser("user");
    const seen = recordReactions("rooms");
    const errors = vi.spyOn(console, "error").mockImplementation(() => {});
    await expect(accessChanged(env, db(), { kind: "sessions", target: { userId: fan.id } })).resolves.toBeUndefined();
    expect(Object.keys(seen).sort()).toEqual(REACTING);
    expect(errors.mock.calls.map(([message]) => message)).toEqual(["rooms: reacting to a change of access (sessions) failed"]);
  });

  it("tells no area of a member who is gone", async () => {
    const seen = recordReactions();
    await accessChanged(env, db(), { kind: "roles", userId: "no-such-member" });
    await accessChanged(env, db(), { kind: "tickets", userId: "no-such-member" });
    expect(seen).toEqual({});
  });
});
