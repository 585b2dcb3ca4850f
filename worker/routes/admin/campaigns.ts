// /api/admin/campaigns: newsletter campaigns (administrators only: the admin tree's gate runs
// first). Drafts are written and edited; the audience is counted exactly; the mail is previewed as
// it will be sent and tested on the admin's own address; then it is sent now or at a time in the
// admin's zone, and can be paused, resumed or cancelled. Sending runs on the campaign queue
// (services/newsletter/campaigns.ts). Every write leaves an audit row, in the write's own batch
// (db/campaigns.ts); an upload to the media library, which is no D1 write, right after it.
import { Hono, type Context } from "hono";
import type { HonoEnv } from "../../types";
import { validate } from "../../lib/validate";
import { uploadBody } from "../../lib/upload-body";
import { CATALOG_IMAGE_MAX_BYTES } from "#contracts/music/admin-catalog-limits.ts";
import { conflict, badRequest, routeError } from "../../lib/errors";
import { recordAudit } from "../../db/audit";
import { checkGates } from "../../services/tier-gate-check";
import type { DB } from "../../db/client";
import { actorOf } from "../../middleware/guards";
import {
  audienceCountInput,
  campaignInput,
  type CampaignInput,
  campaignPreviewInput,
  campaignSendInput,
  campaignTestInput,
  type AudienceCount,
  type Campaign,
  type CampaignList,
  type CampaignPreview,
  type CampaignImage,
  type CampaignImageList,
  CAMPAIGN_IMAGE_FOLDERS,
  CAMPAIGN_IMAGES_LISTED,
} from "#contracts/newsletter.ts";
import type { CampaignStatus } from "#contracts/newsletter-model.ts";
import {
  campaignWithStats,
  countAudience,
  createCampaign,
  deleteCampaign,
  findCampaign,
  listCampaigns,
  moveCampaign,
  updateDraft,
  type CampaignAudit,
} from "../../db/campaigns";
import { personalise, renderFor, resumeSending, SCHEDULE_HORIZON_MS, startSending, queueDueCampaigns } from "../../services/newsletter/campaigns";
import { createMailService } from "../../services/mail";
import { readConfig } from "../../env";
import { signContactLink } from "../../lib/signed-link";
import { DAY_MS, iso } from "../../lib/time";
import { storeImage } from "../../services/media/catalog-uploads";

/** Pictures the media routes serve publicly (png, jpg, webp under a known folder). */
const LIBRARY_IMAGE = /^[a-z0-9/]+\/[a-z0-9]+(?:-[a-z0-9]+)*\.(png|jpg|webp)$/;

/** The newest pictures of the library's folders (R2 lists by key; the upload time orders them). */
async function listLibraryImages(bucket: R2Bucket): Promise<CampaignImage[]> {
  const lists = await Promise.all(CAMPAIGN_IMAGE_FOLDERS.map((folder) => bucket.list({ prefix: `${folder}/`, limit: 500 }).then((list) => ({ folder, list }))));
  return lists
    .flatMap(({ folder, list }) =>
      list.objects.filter((o) => LIBRARY_IMAGE.test(o.key)).map((o) => ({ src: `/media/${o.key}`, folder, uploadedAt: o.uploaded.toISOString() })),
    )
    .sort((a, b) => b.uploadedAt.localeCompare(a.uploadedAt))
    .slice(0, CAMPAIGN_IMAGES_LISTED);
}

const CAMPAIGN_STATE = (status: CampaignStatus) => conflict(`The campaign is ${status}: it cannot do that now.`, "campaign_state");

async function campaignOr404(c: Context<HonoEnv>, id: string): Promise<Campaign> {
  const campaign = await campaignWithStats(c.var.db, id);
  if (!campaign) throw routeError("campaign_not_found");
  return campaign;
}

/** The acting administrator's write, for its audit row. */
const audited = (c: Context<HonoEnv>, action: CampaignAudit["action"], after: Record<string, unknown> = {}): CampaignAudit => ({
  actor: actorOf(c),
  action,
  after,
});

/** Moves the campaign (audited) or answers 404 (unknown) / 409 campaign_state (not in a state that allows it). */
async function move(
  c: Context<HonoEnv>,
  id: string,
  from: CampaignStatus[],
  to: CampaignStatus,
  audit: CampaignAudit,
  extra: Parameters<typeof moveCampaign>[5] = {},
) {
  if (await moveCampaign(c.var.db, id, from, to, Date.now(), extra, audit)) return;
  const campaign = await campaignOr404(c, id);
  throw CAMPAIGN_STATE(campaign.status);
}

/** The tiers a campaign names (its audience's, its blocks'), each checked on the ladder: 400 tier_gate_unknown, nothing stored. */
const checkCampaignTiers = (db: DB, input: Pick<CampaignInput, "audience" | "bodyEn" | "bodyPtBr">) =>
  checkGates(db, [input.audience.tiers, ...input.bodyEn.map((b) => b.tiers), ...(input.bodyPtBr ?? []).map((b) => b.tiers)]);

export const campaignRoutes = new Hono<HonoEnv>()
  .get("/", async (c) => c.json<CampaignList>({ campaigns: await listCampaigns(c.var.db) }))

  .post("/", validate("json", campaignInput), async (c) => {
    const input = c.req.valid("json");
    await checkCampaignTiers(c.var.db, input);
    const id = await createCampaign(c.var.db, input, actorOf(c));
    return c.json<Campaign>(await campaignOr404(c, id), 201);
  })

  .post("/audience", validate("json", audienceCountInput), async (c) => {
    const { topic, audience } = c.req.valid("json");
    await checkGates(c.var.db, [audience.tiers]);
    return c.json<AudienceCount>(await countAudience(c.var.db, topic, audience));
  })

  .post("/preview", validate("json", campaignPreviewInput), async (c) => {
    const { locale, subject, body } = c.req.valid("json");
    // The preview shows the mail exactly as rendered for sending, the language's own texts only.
    const rendered = renderFor(c.env, { subjectEn: subject, subjectPtBr: subject, bodyEn: body, bodyPtBr: body }, locale);
    return c.json<CampaignPreview>(rendered);
  })

  // The media library: the site's stored pictures, newest first, and uploads of new ones.
  .get("/images", async (c) => c.json<CampaignImageList>({ images: await listLibraryImages(c.env.MEDIA) }))

  .put("/images", uploadBody(CATALOG_IMAGE_MAX_BYTES), async (c) => {
    const key = await storeImage(c, "campaigns", "img");
    const head = await c.env.MEDIA.head(key);
    await recordAudit(c.var.db, { actor: actorOf(c), action: "campaign.image.upload", targetType: "campaign", targetId: key, summary: { after: { key } } });
    return c.json<{ image: CampaignImage }>(
      { image: { src: `/media/${key}`, folder: "campaigns", uploadedAt: (head?.uploaded ?? new Date()).toISOString() } },
      201,
    );
  })

  .get("/:id", async (c) => c.json<Campaign>(await campaignOr404(c, c.req.param("id"))))

  .put("/:id", validate("json", campaignInput), async (c) => {
    const id = c.req.param("id");
    const input = c.req.valid("json");
    await checkCampaignTiers(c.var.db, input);
    if (!(await updateDraft(c.var.db, id, input, actorOf(c)))) {
      const campaign = await campaignOr404(c, id);
      throw conflict(`The campaign is ${campaign.status}: only a draft can be edited.`, "campaign_not_draft");
    }
    return c.json<Campaign>(await campaignOr404(c, id));
  })

  .delete("/:id", async (c) => {
    const id = c.req.param("id");
    if (!(await deleteCampaign(c.var.db, id, actorOf(c)))) {
      const campaign = await campaignOr404(c, id);
      throw CAMPAIGN_STATE(campaign.status);
    }
    return c.body(null, 204);
  })

  // The campaign in one language to the signed-in admin's own address: "[Test]" before the subject,
  // links that work (they name no contact: the preference page says the link is not valid).
  .post("/:id/test", validate("json", campaignTestInput), async (c) => {
    const campaign = await findCampaign(c.var.db, c.req.param("id"));
    if (!campaign) throw routeError("campaign_not_found");
    const { locale } = c.req.valid("json");
    const admin = c.var.user!;
    const rendered = renderFor(c.env, campaign, locale);
    const token = await signContactLink(readConfig(c.env).SESSION_SECRET, { contactId: "test", campaignId: campaign.id });
    const mail = personalise(
      c.env,
      { ...rendered, subject: `[Test] ${rendered.subject}` },
      campaign.id,
      { contactId: "test", email: admin.email, locale, tierId: null },
      token,
    );
    await createMailService(c.env, c.var.db).send({ ...mail, idempotencyKey: undefined });
    return c.json({ ok: true as const }, 202);
  })

  .post("/:id/send", validate("json", campaignSendInput), async (c) => {
    const id = c.req.param("id");
    const { scheduledAt, timeZone } = c.req.valid("json");
    const now = Date.now();
    const campaign = await campaignOr404(c, id);
    if (campaign.status !== "draft" && campaign.status !== "scheduled") throw CAMPAIGN_STATE(campaign.status);
    if (scheduledAt === null || scheduledAt <= now) {
      const sent = await startSending(c.env, c.var.db, id, ["draft", "scheduled"], now, audited(c, "campaign.send", { at: iso(now) }));
      if (!sent) throw CAMPAIGN_STATE((await campaignOr404(c, id)).status);
    } else {
      if (scheduledAt > now + 366 * DAY_MS) throw badRequest("Schedule within a year.", "invalid_input");
      // A new time clears the cursor, so the cron queues this time's start.
      const audit = audited(c, "campaign.schedule", { at: iso(scheduledAt), timeZone });
      await move(c, id, ["draft", "scheduled"], "scheduled", audit, { scheduledAt, timeZone, cursor: null });
      if (scheduledAt - now <= SCHEDULE_HORIZON_MS) await queueDueCampaigns(c.env, c.var.db, now);
    }
    return c.json<Campaign>(await campaignOr404(c, id));
  })

  .post("/:id/cancel", async (c) => {
    const id = c.req.param("id");
    await move(c, id, ["scheduled", "sending", "paused"], "cancelled", audited(c, "campaign.cancel"));
    return c.json<Campaign>(await campaignOr404(c, id));
  })

  .post("/:id/pause", async (c) => {
    const id = c.req.param("id");
    await move(c, id, ["sending"], "paused", audited(c, "campaign.pause"));
    return c.json<Campaign>(await campaignOr404(c, id));
  })

  .post("/:id/resume", async (c) => {
    const id = c.req.param("id");
    if (!(await resumeSending(c.env, c.var.db, id, audited(c, "campaign.resume")))) throw CAMPAIGN_STATE((await campaignOr404(c, id)).status);
    return c.json<Campaign>(await campaignOr404(c, id));
  });
