// A campaign write and its audit row are one D1 batch (docs/design.md, back office): a write the
// campaign's state refuses leaves no audit row, an audit row that cannot be written takes the write
// back, and a write that fails leaves no audit row. Failures are forced with SQLite triggers that
// abort; expectations are read with raw SQL.
import { env } from "cloudflare:workers";
import { afterEach, beforeAll, describe, expect, it } from "vitest";
import { call, errorOf, type TestUser } from "./helpers";
import { userOf } from "./admin-gate-matrix";
import type { Campaign, CampaignInput } from "../../worker/contracts/newsletter";

const D1 = (env as unknown as { DB: D1Database }).DB;
const API = "/api/admin/campaigns";
const DAY = 86_400_000;

let admin: TestUser;
const asAdmin = (path: string, json?: unknown, method?: string) => call(path, { cookie: admin.cookie, json, method });

const draft = (name: string): CampaignInput => ({
  name,
  topic: "news",
  subjectEn: "New single out now",
  subjectPtBr: null,
  bodyEn: [{ type: "paragraph", text: "Listen to the new single." }],
  bodyPtBr: null,
  audience: { kind: "all" },
});

async function createCampaign(name: string): Promise<Campaign> {
  const res = await asAdmin(API, draft(name));
  expect(res.status).toBe(201);
  return res.json<Campaign>();
}

const actionsFor = async (id: string) =>
  (
    await D1.prepare("SELECT action FROM audit_log WHERE target_type = 'campaign' AND target_id = ? ORDER BY id").bind(id).all<{ action: string }>()
  ).results.map((row) => row.action);
const campaignRow = (id: string) =>
  D1.prepare("SELECT name, status, scheduled_at AS scheduledAt FROM campaigns WHERE id = ?")
    .bind(id)
    .first<{ name: string; status: string; scheduledAt: number | null }>();

/** Makes every insert of an audit row with `action` fail, as a full disk or a broken statement would. */
const refuseAudit = (action: string) =>
  D1.prepare(`CREATE TRIGGER refuse_audit BEFORE INSERT ON audit_log WHEN NEW.action = '${action}' BEGIN SELECT RAISE(ABORT, 'audit refused'); END`).run();
/** Makes every change of a campaign's row fail. */
const refuseCampaignUpdate = () =>
  D1.prepare(`CREATE TRIGGER refuse_campaign_update BEFORE UPDATE ON campaigns BEGIN SELECT RAISE(ABORT, 'update refused'); END`).run();

beforeAll(async () => {
  admin = await userOf("admin");
});

afterEach(async () => {
  await D1.prepare("DROP TRIGGER IF EXISTS refuse_audit").run();
  await D1.prepare("DROP TRIGGER IF EXISTS refuse_campaign_update").run();
});

describe("a campaign write and its audit row", () => {
  it("writes no audit row for a write the campaign's state refuses", async () => {
    const campaign = await createCampaign("Refused moves");
    for (const action of ["pause", "resume"]) {
      const res = await asAdmin(`${API}/${campaign.id}/${action}`, {});
      expect(res.status).toBe(409);
      expect((await errorOf(res)).code).toBe("campaign_state");
    }
    await D1.prepare("UPDATE campaigns SET status = 'sent' WHERE id = ?").bind(campaign.id).run();
    const edit = await asAdmin(`${API}/${campaign.id}`, draft("Renamed"), "PUT");
    expect(edit.status).toBe(409);
    expect((await errorOf(edit)).code).toBe("campaign_not_draft");
    expect((await asAdmin(`${API}/${campaign.id}`, undefined, "DELETE")).status).toBe(409);
    expect(await actionsFor(campaign.id)).toEqual(["campaign.create"]);
  });

  it("stores no campaign when its audit row cannot be written", async () => {
    await refuseAudit("campaign.create");
    const name = `Unaudited ${crypto.randomUUID()}`;
    expect((await asAdmin(API, draft(name))).status).toBe(500);
    expect(await D1.prepare("SELECT count(*) AS n FROM campaigns WHERE name = ?").bind(name).first<{ n: number }>()).toEqual({ n: 0 });
    expect(
      await D1.prepare("SELECT count(*) AS n FROM audit_log WHERE action = 'campaign.create' AND summary LIKE ?").bind(`%${name}%`).first<{ n: number }>(),
    ).toEqual({
      n: 0,
    });
  });

  it.each<[string, (id: string) => Promise<Response>]>([
    ["campaign.update", (id) => asAdmin(`${API}/${id}`, draft("Renamed"), "PUT")],
    ["campaign.schedule", (id) => asAdmin(`${API}/${id}/send`, { scheduledAt: Date.now() + DAY, timeZone: "UTC" })],
    ["campaign.delete", (id) => asAdmin(`${API}/${id}`, undefined, "DELETE")],
  ])("keeps the draft as it was when the %s row cannot be written", async (action, write) => {
    const campaign = await createCampaign("Kept draft");
    await refuseAudit(action);
    expect((await write(campaign.id)).status).toBe(500);
    expect(await campaignRow(campaign.id)).toEqual({ name: "Kept draft", status: "draft", scheduledAt: null });
    expect(await actionsFor(campaign.id)).toEqual(["campaign.create"]);
  });

  it("keeps a scheduled campaign as it was when the cancel row cannot be written", async () => {
    const campaign = await createCampaign("Kept schedule");
    const at = Date.now() + DAY;
    expect((await asAdmin(`${API}/${campaign.id}/send`, { scheduledAt: at, timeZone: "UTC" })).status).toBe(200);
    await refuseAudit("campaign.cancel");
    expect((await asAdmin(`${API}/${campaign.id}/cancel`, {})).status).toBe(500);
    expect(await campaignRow(campaign.id)).toMatchObject({ status: "scheduled", scheduledAt: at });
    expect(await actionsFor(campaign.id)).toEqual(["campaign.create", "campaign.schedule"]);
  });

  it("writes no audit row when the write itself fails", async () => {
    const campaign = await createCampaign("Failed edit");
    await refuseCampaignUpdate();
    expect((await asAdmin(`${API}/${campaign.id}`, draft("Renamed"), "PUT")).status).toBe(500);
    expect((await asAdmin(`${API}/${campaign.id}/send`, { scheduledAt: Date.now() + DAY, timeZone: "UTC" })).status).toBe(500);
    expect(await campaignRow(campaign.id)).toEqual({ name: "Failed edit", status: "draft", scheduledAt: null });
    expect(await actionsFor(campaign.id)).toEqual(["campaign.create"]);
  });
});
