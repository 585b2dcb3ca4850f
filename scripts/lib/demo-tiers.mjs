// Local demo only: the tier above VIP (decision 097), "Inner Circle", so `npm start` shows the
// ladder on /signup-options and /admin/tiers, and one demo member in it. Production migrations make
// only the free tier and VIP. Inserted once by its fixed id (INSERT OR IGNORE keeps what the back
// office edited, and leaves it out when an admin's tier already holds rank 2); the member holds it
// through a complimentary grant (vip_comps with the tier), restored on every seed like the demo
// roles, with the tier and the VIP flag set beside it as syncUserMembership would set them.
import demo from "../demo-data.json" with { type: "json" };

export const DEMO_TIER = {
  id: "inner-circle",
  rank: 2,
  nameEn: "Inner Circle",
  namePtBr: "Círculo Íntimo",
  descriptionEn: "The closest seats to the band: everything VIP has, and more for the fans who want it all.",
  descriptionPtBr: "Os lugares mais perto da banda: tudo o que o VIP tem, e mais para os fãs que querem tudo.",
  benefitsEn: [
    "Everything VIP has",
    "Lossless streaming and downloads where the catalog has them",
    "Replays of live shows",
    "A members-only room",
    "20 % off merch",
  ],
  benefitsPtBr: [
    "Tudo o que o VIP tem",
    "Streaming e downloads sem perdas onde o catálogo os tiver",
    "Reprises dos shows ao vivo",
    "Uma sala só para membros",
    "20 % de desconto nos produtos",
  ],
  monthlyUsdCents: 2499,
  yearlyUsdCents: 24900,
  monthlyBrlCents: 12990,
  yearlyBrlCents: 129900,
  /** A deep purple. */
  badgeColor: "#4c1d95",
  trialDays: 0,
  /** Lossless listening (decision 105); VIP has none. */
  lossless: true,
};

/** The demo account that is an Inner Circle member (README's demo accounts table says so). */
export const DEMO_TIER_MEMBER_KEY = "carlos";

const sqlText = (value) => (value == null ? "NULL" : `'${String(value).replaceAll("'", "''")}'`);

export function demoTiersSql(now) {
  const t = DEMO_TIER;
  const member = demo.accounts.find((account) => account.key === DEMO_TIER_MEMBER_KEY);
  const id = sqlText(t.id);
  const user = sqlText(member.id);
  return [
    `INSERT OR IGNORE INTO membership_tiers (id, rank, name_en, name_pt_br, description_en, description_pt_br, benefits_en, benefits_pt_br,
       monthly_usd_cents, yearly_usd_cents, monthly_brl_cents, yearly_brl_cents, badge_color, trial_days, created_at, updated_at)
     VALUES (${id}, ${t.rank}, ${sqlText(t.nameEn)}, ${sqlText(t.namePtBr)}, ${sqlText(t.descriptionEn)}, ${sqlText(t.descriptionPtBr)},
       ${sqlText(JSON.stringify(t.benefitsEn))}, ${sqlText(JSON.stringify(t.benefitsPtBr))}, ${t.monthlyUsdCents}, ${t.yearlyUsdCents},
       ${t.monthlyBrlCents}, ${t.yearlyBrlCents}, ${sqlText(t.badgeColor)}, ${t.trialDays}, ${now}, ${now});`,
    // The member's grant, only while the tier exists (an admin's tier may hold rank 2 instead).
    `INSERT OR IGNORE INTO vip_comps (user_id, granted_by, granted_at, ends_at, tier_id)
     SELECT ${user}, NULL, ${now}, NULL, ${id} WHERE EXISTS (SELECT 1 FROM membership_tiers WHERE id = ${id}) AND EXISTS (SELECT 1 FROM users WHERE id = ${user});`,
    `UPDATE vip_comps SET tier_id = ${id}, ends_at = NULL WHERE user_id = ${user} AND EXISTS (SELECT 1 FROM membership_tiers WHERE id = ${id});`,
    // The history the back office counts, once: the member joined the tier.
    `INSERT INTO membership_tier_changes (user_id, from_tier_id, to_tier_id, changed_at)
     SELECT id, tier_id, ${id}, ${now} FROM users WHERE id = ${user} AND tier_id IS NOT ${id} AND EXISTS (SELECT 1 FROM vip_comps WHERE user_id = ${user} AND tier_id = ${id});`,
    `UPDATE users SET is_vip = 1, tier_id = ${id} WHERE id = ${user} AND EXISTS (SELECT 1 FROM vip_comps WHERE user_id = ${user} AND tier_id = ${id});`,
    // Lossless on the tier as the seed made it (one the back office has since edited keeps its choice).
    `UPDATE membership_tiers SET lossless = ${t.lossless ? 1 : 0} WHERE id = ${id} AND updated_at = created_at;`,
  ];
}
