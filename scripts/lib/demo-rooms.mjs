// Local demo only: the community rooms (decision 106) a new site would not have, so `npm start`
// shows one room of each rule: "General" (every member), "VIP Lounge" (VIP and above), "Inner
// Circle" (the demo's top tier) and "Miami show" (holders of a ticket to the demo show sold here).
// Inserted once by fixed ids (INSERT OR IGNORE keeps what the back office changed); the tier and the
// show must exist (the demo tier and ticket seeds run first).
import { DEMO_TIER } from "./demo-tiers.mjs";
import { DEMO_TICKET_EVENT } from "./demo-tickets.mjs";

export const DEMO_ROOMS = [
  {
    id: "general",
    nameEn: "General",
    namePtBr: "Geral",
    descriptionEn: "Say hello, share your favourite tracks and talk about anything freestyle.",
    descriptionPtBr: "Diga oi, compartilhe suas faixas favoritas e fale de tudo sobre freestyle.",
    read: { access: "members" },
  },
  {
    id: "vip-lounge",
    nameEn: "VIP Lounge",
    namePtBr: "Lounge VIP",
    descriptionEn: "The VIP members' room: early listens, backstage talk and the perks of the month.",
    descriptionPtBr: "A sala dos membros VIP: audições antecipadas, conversa de bastidores e os benefícios do mês.",
    read: { access: "tier", tierId: "vip" },
  },
  {
    id: "inner-circle",
    nameEn: "Inner Circle",
    namePtBr: "Círculo Íntimo",
    descriptionEn: "The closest fans, closest to the band.",
    descriptionPtBr: "Os fãs mais próximos, mais perto da banda.",
    read: { access: "tier", tierId: DEMO_TIER.id },
  },
  {
    id: "miami-show",
    nameEn: "Miami show",
    namePtBr: "Show de Miami",
    descriptionEn: "For ticket holders of the Miami show: meet up, share rides and count down together.",
    descriptionPtBr: "Para quem tem ingresso do show de Miami: combinem encontros, caronas e a contagem regressiva.",
    read: { access: "ticket", eventId: DEMO_TICKET_EVENT.id },
  },
];

const sqlText = (value) => (value == null ? "NULL" : `'${String(value).replaceAll("'", "''")}'`);

export function demoRoomsSql(now) {
  return DEMO_ROOMS.map((room, position) => {
    const { access, tierId = null, eventId = null } = room.read;
    // Whoever may read may write: the same rule on both sides.
    return `INSERT OR IGNORE INTO rooms (id, name_en, name_pt_br, description_en, description_pt_br, read_access, read_tier_id, read_event_id,
       write_access, write_tier_id, write_event_id, position, created_at, updated_at)
     SELECT ${sqlText(room.id)}, ${sqlText(room.nameEn)}, ${sqlText(room.namePtBr)}, ${sqlText(room.descriptionEn)}, ${sqlText(room.descriptionPtBr)},
       '${access}', ${sqlText(tierId)}, ${sqlText(eventId)}, '${access}', ${sqlText(tierId)}, ${sqlText(eventId)}, ${position}, ${now}, ${now}
     WHERE ${tierId ? `EXISTS (SELECT 1 FROM membership_tiers WHERE id = ${sqlText(tierId)})` : "1"}
       AND ${eventId ? `EXISTS (SELECT 1 FROM events WHERE id = ${sqlText(eventId)})` : "1"};`;
  });
}
