// Local demo only: three special perks (decision 030) so `npm start` shows /perks and
// /admin/perks at work: a merch discount with one shared code for VIPs, a signed limited-edition
// vinyl with a few unique codes for VIPs, and a surprise for every signed-in member. Inserted once
// by fixed ids (INSERT OR IGNORE keeps what the back office edited); every seed moves their
// windows to stay live relative to now, and fills their Portuguese texts where they are still empty
// (a demo seeded before perks had them gets them; a text the back office wrote stays). Their pictures are drawn like the album covers. Their links
// lead to the site's own store (scripts/lib/demo-store.mjs): the merch, the vinyl, the free track.
import { createHash } from "node:crypto";
import { renderCoverPng } from "./demo-covers.mjs";
import { DAY_MS, HOUR_MS } from "../../worker/lib/time.ts";

export const DEMO_PERKS = [
  {
    id: "0b7e0000-0000-4000-8000-000000000001",
    title: "20% off the official merch store",
    description: "Tour tees, neon hoodies and the new enamel pin set: VIP members save 20% on everything in the official store. Enter the code at checkout.",
    titlePtBr: "20% de desconto na loja oficial",
    descriptionPtBr:
      "Camisetas da turnê, moletons neon e o novo kit de pins esmaltados: membros VIP economizam 20% em tudo na loja oficial. Use o código ao finalizar a compra.",
    link: "/store",
    formerLink: "https://shop.example.com/vip",
    codeMode: "shared",
    sharedCode: "FREESTYLE20",
    audience: "vip",
    startedDaysAgo: 2,
    endsInDays: 30,
  },
  {
    id: "0b7e0000-0000-4000-8000-000000000002",
    title: "Signed limited-edition vinyl",
    description:
      "Only a handful of hand-numbered, signed pressings of the anniversary album on pink splatter vinyl. Reveal your personal code and redeem it in the store before they are gone.",
    titlePtBr: "Vinil autografado de edição limitada",
    descriptionPtBr:
      "Poucas cópias numeradas à mão e autografadas do álbum comemorativo em vinil rosa respingado. Revele seu código pessoal e use-o na loja antes que acabem.",
    link: "/store/freestyle-nights-vinyl",
    formerLink: "https://shop.example.com/signed-vinyl",
    codeMode: "unique",
    codes: ["VINYL-SIGNED-001", "VINYL-SIGNED-002", "VINYL-SIGNED-003", "VINYL-SIGNED-004", "VINYL-SIGNED-005"],
    audience: "vip",
    startedDaysAgo: 1,
    endsInDays: 14,
  },
  {
    id: "0b7e0000-0000-4000-8000-000000000003",
    title: "Surprise: a studio demo for everyone",
    description: "A thank-you to every member: download an early studio demo of a fan favourite, straight from the tape.",
    titlePtBr: "Surpresa: uma demo de estúdio para todos",
    descriptionPtBr: "Um agradecimento a cada membro: baixe uma demo de estúdio antiga de uma favorita dos fãs, direto da fita.",
    link: "/store/dream-about-you-free",
    formerLink: "https://shop.example.com/studio-demo",
    codeMode: "none",
    audience: "members",
    startedDaysAgo: 0.125,
    endsInDays: 7,
  },
];

/** `perks/<id>-<16 hex>.png`, the shape of a picture the back office uploads; stable across seeds. */
export const demoPerkImageKey = (perk) => `perks/${perk.id}-${createHash("sha256").update(`demo-perk:${perk.id}`).digest("hex").slice(0, 16)}.png`;

/** The pictures to put into local R2: key and PNG bytes. */
export const demoPerkPictures = () => DEMO_PERKS.map((perk) => ({ key: demoPerkImageKey(perk), png: renderCoverPng({ id: `demo-perk-${perk.id}` }) }));

const sqlText = (value) => (value == null ? "NULL" : `'${String(value).replaceAll("'", "''")}'`);

export function demoPerksSql(now) {
  const out = [];
  for (const perk of DEMO_PERKS) {
    const id = sqlText(perk.id);
    const startsAt = Math.floor((now - perk.startedDaysAgo * DAY_MS) / HOUR_MS) * HOUR_MS;
    const endsAt = Math.ceil((now + perk.endsInDays * DAY_MS) / HOUR_MS) * HOUR_MS;
    out.push(
      `INSERT OR IGNORE INTO perks (id, title, description, title_pt_br, description_pt_br, image_key, link, code_mode, shared_code, audience, starts_at, ends_at, created_at, updated_at)
       VALUES (${id}, ${sqlText(perk.title)}, ${sqlText(perk.description)}, ${sqlText(perk.titlePtBr)}, ${sqlText(perk.descriptionPtBr)}, ${sqlText(demoPerkImageKey(perk))}, ${sqlText(perk.link)}, ${sqlText(perk.codeMode)}, ${sqlText(perk.sharedCode)}, ${sqlText(perk.audience)}, ${startsAt}, ${endsAt}, ${now}, ${now});`,
      `UPDATE perks SET starts_at = ${startsAt}, ends_at = ${endsAt} WHERE id = ${id};`,
      `UPDATE perks SET title_pt_br = ${sqlText(perk.titlePtBr)} WHERE id = ${id} AND (title_pt_br IS NULL OR trim(title_pt_br) = '');`,
      `UPDATE perks SET description_pt_br = ${sqlText(perk.descriptionPtBr)} WHERE id = ${id} AND (description_pt_br IS NULL OR trim(description_pt_br) = '');`,
      // A demo seeded before the store linked to a shop that never existed; a link the admin changed stays.
      `UPDATE perks SET link = ${sqlText(perk.link)} WHERE id = ${id} AND link = ${sqlText(perk.formerLink)};`,
    );
    for (const code of perk.codes ?? []) {
      out.push(
        `INSERT OR IGNORE INTO offer_codes (pool_kind, pool_id, code, created_at) SELECT 'perk', ${id}, ${sqlText(code)}, ${now} WHERE EXISTS (SELECT 1 FROM perks WHERE id = ${id});`,
      );
    }
  }
  return out;
}
