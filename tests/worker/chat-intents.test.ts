// The offline responder against the real demo digest (the seeded catalog, and the demo events of
// scripts/demo-data.json inserted around a fixed "now" the way chat-digest.test.ts adds events):
// 30 questions in each language, each with the kind of answer it must get (its intent), the
// language the reply must be written in (the question's, whatever the UI language), and the facts
// it must mention. The UI language is always the other one, so the language comes from the message.
import { beforeAll, describe, expect, it } from "vitest";
import { env } from "cloudflare:workers";
import demo from "../../scripts/demo-data.json";
import { events } from "../../worker/db/schema/events";
import type { AppEnv } from "../../worker/env";
import type { ChatLocale } from "../../worker/contracts/chat";
import { loadSiteDigest } from "../../worker/services/chat-digest";
import type { ChatMember, SiteDigest } from "../../worker/services/ai";
import { detectLanguage, replyLanguage } from "../../worker/services/ai/language";
import { classifyMessage, offlineAnswer, type ChatIntent } from "../../worker/services/ai/offline";
import { db } from "./helpers";

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** Saturday 21 November 2026, noon in New York: the meet is in an hour, the Chicago show 45 days past. */
const NOW = Date.UTC(2026, 10, 21, 17, 0);

type DemoEvent = {
  id: string;
  title: string;
  inDays?: number;
  inHours?: number;
  timeZone: string;
  status: "published" | "draft" | "cancelled";
  online?: boolean;
  venueName?: string;
  venueCity?: string;
  venueState?: string;
  venueCountry?: string;
  ticketPriceMin?: number | null;
  ticketPriceMax?: number | null;
  currency?: string;
  externalTicketUrl?: string;
};

const cents = (amount: number | null | undefined) => (amount == null ? null : Math.round(amount * 100));

let digest: SiteDigest;

beforeAll(async () => {
  await db().delete(events);
  for (const event of demo.events as unknown as DemoEvent[]) {
    await db()
      .insert(events)
      .values({
        id: event.id,
        title: event.title,
        eventDate: new Date(NOW + (event.inDays ?? 0) * DAY + (event.inHours ?? 0) * HOUR),
        status: event.status,
        timeZone: event.timeZone,
        isOnline: event.online ?? false,
        venueName: event.venueName ?? null,
        venueCity: event.venueCity ?? null,
        venueState: event.venueState ?? null,
        venueCountry: event.venueCountry ?? null,
        ticketPriceMinCents: cents(event.ticketPriceMin),
        ticketPriceMaxCents: cents(event.ticketPriceMax),
        currency: event.currency ?? "USD",
        externalTicketUrl: event.externalTicketUrl ?? null,
      });
  }
  digest = await loadSiteDigest(env as unknown as AppEnv, db(), NOW);
});

const ana: ChatMember = { id: "u1", name: "Ana", vip: true, admin: false };
const PERSONA = "Lola Rivera";
const NEXT = "VIP Virtual Meet & Greet";
const plain = (text: string) => text.replace(/[\u00a0\u202f]/g, " ");

/** The reply as the thread gives it: in the message's language, the other one being the UI's. */
function reply(question: string, ui: ChatLocale) {
  const locale = replyLanguage(question, ui);
  const answer = plain(offlineAnswer({ persona: PERSONA, member: ana, locale, digest, turns: [{ role: "user", content: question }] }, NOW));
  return { locale, answer };
}

/** The reply's own words: titles (in quotes) and links are the catalog's, in whatever language they were named. */
const prose = (answer: string) => answer.replace(/“[^”]*”/g, " ").replace(/https?:\/\/\S+/g, " ");

type Row = [question: string, intent: ChatIntent, facts: string[]];

const EN: Row[] = [
  ["Tell me about the album Satin & Neon", "album", ["1989", "9 tracks", "“Pulse of the Promenade”", "“Goodnight, Ocean Drive”"]],
  ["What songs are on Letters in the Rain?", "album", ["1990", "“Because I Love You”", "“Addressed to Your Heart”"]],
  ["Tell me about Spring Love", "album", ["1988", "“Spring Love (Extended Club Mix)”"]],
  ["Which album is Kiss Me in Technicolor on?", "track", ["“Satin & Neon” (1989)", "track 3"]],
  ["What album has Because I Love You?", "track", ["“Letters in the Rain” (1990)", "track 4"]],
  ["I love Velvet Telephone!", "track", ["“Freestyle Nights” (1987)", "track 6"]],
  ["Which record is Satin & Neon on?", "track", ["title track", "“Satin & Neon” (1989)"]],
  ["Do you remember your first concert in Chicago?", "memory", ["I don't", NEXT]],
  ["Remember the Spring Love anniversary night?", "memory", [NEXT]],
  ["Are you playing in Chicago?", "events_city", ["show in Chicago", NEXT]],
  ["Any shows in Miami?", "events_city", ["Miami Freestyle Heat", "Bayfront Pavilion", "$55.00", "$150.50"]],
  ["When is the New York show?", "events_city", ["Freestyle Forever Tour — New York", "Starlight Ballroom", "December 12, 2026"]],
  ["Will you perform in São Paulo?", "events_city", ["Noite Freestyle — São Paulo", "Casa Neon"]],
  ["When is your next show?", "events", [NEXT, "November 21, 2026", "Behind the Beats"]],
  ["Any concerts coming up?", "events", [NEXT]],
  ["What shows do you have in December?", "events_date", ["In December", "Behind the Beats", "Freestyle Forever Tour — New York"]],
  ["Are you doing any events in January?", "events_date", ["Miami Freestyle Heat", "January"]],
  ["Is there a show today?", "events_date", ["Today", NEXT]],
  ["What's on this week?", "events_date", ["This week", NEXT]],
  ["Anything happening in August?", "events_date", ["Nothing on the calendar in August", NEXT]],
  ["What does VIP include?", "vip", ["$9.99", "radio", "virtual meets"]],
  ["How much is the membership?", "vip", ["$9.99 a month"]],
  ["How do I cancel my subscription?", "membership", ["cancel", "VIP page", "account"]],
  ["How can I join VIP?", "membership", ["$9.99", "VIP page"]],
  ["Hi!", "greeting", ["shows", "VIP"]],
  ["Good evening Lola", "greeting", ["shows"]],
  ["Thanks so much!", "thanks", []],
  ["What's the weather like in Paris?", "out_of_scope", ["shows"]],
  ["Can you help me with my math homework?", "out_of_scope", ["shows"]],
  ["What is your discography?", "discography", ["“Still Dreamin'” (2024)", "“City Lights Calling” (1986)"]],
];

const PT: Row[] = [
  ["Me fala do álbum Satin & Neon", "album", ["1989", "9 faixas", "“Pulse of the Promenade”", "“Goodnight, Ocean Drive”"]],
  ["Quais músicas tem o Letters in the Rain?", "album", ["1990", "“Because I Love You”"]],
  ["Me conta sobre Spring Love", "album", ["1988", "“Spring Love (Extended Club Mix)”"]],
  ["Em qual álbum está Kiss Me in Technicolor?", "track", ["“Satin & Neon” (1989)", "faixa 3"]],
  ["De que álbum é Because I Love You?", "track", ["“Letters in the Rain” (1990)", "faixa 4"]],
  ["Eu adoro a música Velvet Telephone!", "track", ["“Freestyle Nights” (1987)", "faixa 6"]],
  ["Qual álbum tem a faixa Satin & Neon?", "track", ["faixa-título", "“Satin & Neon” (1989)"]],
  ["Você lembra do seu primeiro show em Chicago?", "memory", ["lembr", NEXT]],
  ["Lembra da noite de aniversário de Spring Love?", "memory", [NEXT]],
  ["Você vai tocar em Chicago?", "events_city", ["show em Chicago", NEXT]],
  ["Tem show em Miami?", "events_city", ["Miami Freestyle Heat", "Bayfront Pavilion", "US$ 55,00", "US$ 150,50"]],
  ["Quando é o show em New York?", "events_city", ["Freestyle Forever Tour — New York", "Starlight Ballroom", "12 de dezembro de 2026"]],
  ["Você vai se apresentar em São Paulo?", "events_city", ["Noite Freestyle — São Paulo", "Casa Neon", "R$ 180,00"]],
  ["Quando é o seu próximo show?", "events", [NEXT, "21 de novembro de 2026", "Behind the Beats"]],
  ["Tem algum evento chegando?", "events", [NEXT]],
  ["Quais shows você tem em dezembro?", "events_date", ["Em dezembro", "Behind the Beats", "Freestyle Forever Tour — New York"]],
  ["Vai ter evento em janeiro?", "events_date", ["Miami Freestyle Heat"]],
  ["Tem show hoje?", "events_date", ["Hoje", NEXT]],
  ["O que tem esta semana?", "events_date", ["Esta semana", NEXT]],
  ["Tem alguma coisa em agosto?", "events_date", ["nada na agenda em agosto", NEXT]],
  ["O que o VIP inclui?", "vip", ["US$ 9,99", "rádios", "encontros virtuais"]],
  ["Quanto custa a assinatura?", "vip", ["US$ 9,99 por mês"]],
  ["Como faço para cancelar minha assinatura?", "membership", ["cancelar", "página VIP", "conta"]],
  ["Como assino o VIP?", "membership", ["US$ 9,99", "página VIP"]],
  ["Oi!", "greeting", ["shows", "VIP"]],
  ["Boa noite, Lola", "greeting", ["shows"]],
  ["Muito obrigado!", "thanks", []],
  ["Como está o tempo em Paris?", "out_of_scope", ["shows"]],
  ["Você pode me ajudar com a lição de matemática?", "out_of_scope", ["shows"]],
  ["Qual é a sua discografia?", "discography", ["“Still Dreamin'” (2024)", "“City Lights Calling” (1986)"]],
];

describe.each([
  ["en", "pt-BR", EN],
  ["pt-BR", "en", PT],
] as const)("the offline responder in %s (UI in %s), with the demo digest", (language, ui, rows) => {
  it("has thirty questions", () => expect(rows).toHaveLength(30));

  it.each(rows)("%s → %s", (question, intent, facts) => {
    expect(classifyMessage(question, digest, NOW).intent).toBe(intent);
    const { locale, answer } = reply(question, ui);
    expect(locale).toBe(language);
    expect(detectLanguage(prose(answer))).toBe(language);
    for (const fact of facts) expect(answer).toContain(fact);
  });

  it("varies its openings and names the member only now and then", () => {
    const answers = rows.map(([question]) => reply(question, ui).answer);
    const openings = new Set(answers.map((answer) => answer.split(" ").slice(0, 2).join(" ")));
    expect(openings.size).toBeGreaterThan(15);
    expect(answers.filter((answer) => answer.includes("Ana")).length).toBeLessThanOrEqual(5);
    expect(answers.filter((answer) => answer.startsWith("Ana")).length).toBeLessThanOrEqual(2);
  });
});

describe("the demo digest the table runs against", () => {
  it("holds the upcoming published demo events (not the past Chicago show, a draft or a cancelled one) and the seeded catalog", () => {
    expect(digest.upcomingEvents.map((event) => event.title)).toEqual([
      NEXT,
      "Behind the Beats: Live Studio Q&A",
      "Freestyle Forever Tour — New York",
      "Miami Freestyle Heat",
      "Noite Freestyle — São Paulo",
    ]);
    expect(digest.albums.find((album) => album.title === "Satin & Neon")?.year).toBe(1989);
  });
});
