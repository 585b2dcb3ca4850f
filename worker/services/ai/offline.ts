// The offline responder: the chat's model when no AI key is configured (local development, tests,
// a deploy without the secret). It answers from the site digest alone, like someone who knows the
// catalog and the calendar: a small set of intents (classifyMessage) matched on accent- and
// case-free words, each answered in the member's language (request.locale, which the thread
// detects from the message) with a few openings to vary the tone, and the member's name only now
// and then. Anything else gets a graceful "not something I can answer here" with what it can.
// The reply streams a few words at a time at a human pace (OfflinePace, zero in tests).
import type { ChatLocale } from "#contracts/chat.ts";
import type { ChatModel, ChatRequest, DigestAlbum, DigestEvent, SiteDigest } from "./types";
import { VIP_BENEFITS, formatEventStart, formatMoney, joinList, knownZone, priceBounds } from "./phrases";
import { memberName, oneLine } from "./prompt";

/** Lower case, accents removed, punctuation as spaces: "Olá, Próximo SHOW?" → "ola proximo show". */
export function normalize(text: string): string {
  return text
    .normalize("NFD")
    .replace(/\p{M}+/gu, "")
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, " ")
    .trim();
}

/** True when the normalized text holds one of the phrases as whole words. */
const mentions = (text: string, phrases: readonly string[]) => phrases.some((phrase) => ` ${text} `.includes(` ${phrase} `));

const list = (items: string) => items.split(",").map((item) => item.trim());

// Normalized (accent-free) keywords, English and Portuguese together: a member may mix them.
const GREETINGS = list("hi,hello,hey,hiya,howdy,good morning,good afternoon,good evening,oi,ola,oie,hola,e ai,eai,bom dia,boa tarde,boa noite,salve,tudo bem");
const THANKS = list("thanks,thank you,thx,ty,cheers,appreciate it,obrigado,obrigada,valeu,brigado,brigada,agradeco,muito obrigado,muito obrigada");
const MEMORY_WORDS = list(
  "remember,recall,memory,memories,first concert,first show,first gig,back in the day,do you miss,lembra,lembro,lembrar,lembranca,lembrancas,recorda,recordar,memoria,memorias,primeiro show,primeiro concerto,saudade,saudades,how was the",
);
const EVENT_WORDS = list(
  "show,shows,event,events,concert,concerts,tour,touring,gig,gigs,perform,performing,playing,play live,tickets,ticket,meet,virtual meet,meet and greet,calendar,coming up,evento,eventos,concerto,concertos,turne,apresentacao,apresentacoes,ingresso,ingressos,agenda,proximo show,tocar,tocando,vai tocar,se apresentar,live",
);
const WHICH_ALBUM = list("which album,what album,which record,what record,qual album,que album,em qual album,em que album,de qual album,de que album");
const DISCOGRAPHY_WORDS = list(
  "album,albums,discography,records,record,singles,catalog,catalogue,songs,music,releases,albuns,discografia,catalogo,musicas,disco,discos,lancamentos",
);
const MEMBERSHIP_HELP = list(
  "how do i join,how can i join,how to join,sign up,signup,become vip,become a vip,get vip,upgrade,subscribe,cancel,cancel my,unsubscribe,renew,renewal,billing,payment,pay,refund,my account,password,log in,login,como assino,como assinar,como faco para assinar,quero assinar,virar vip,ser vip,cancelar,cancelamento,renovar,renovacao,pagamento,pagar,cobranca,reembolso,minha conta,senha,cadastro",
);
const VIP_WORDS = list(
  "vip,price,prices,pricing,cost,costs,how much,benefits,benefit,perks,membership,subscription,include,includes,preco,precos,quanto custa,quanto e,valor,beneficios,beneficio,vantagens,assinatura,plano,inclui",
);
const MONTHS: Record<ChatLocale, string[]> = {
  en: list("january,february,march,april,may,june,july,august,september,october,november,december"),
  "pt-BR": list("janeiro,fevereiro,marco,abril,maio,junho,julho,agosto,setembro,outubro,novembro,dezembro"),
};
const TODAY = list("today,tonight,hoje,hoje a noite,esta noite");
const THIS_WEEK = list("this week,esta semana,essa semana,nesta semana,nessa semana");
/** A title this short ("Go", "U") would match ordinary words; it is only found when asked about by "which album". */
const IMPLICIT_TITLE_MIN_CHARS = 4;

/**
 * What the local persona understood a message to ask (tests name the one they expect).
 * @internal
 */
export type ChatIntent =
  | "greeting"
  | "thanks"
  | "album"
  | "track"
  | "discography"
  | "events"
  | "events_city"
  | "events_date"
  | "memory"
  | "vip"
  | "membership"
  | "out_of_scope";

type TrackHit = { title: string; albums: DigestAlbum[]; number: number };
type DateFilter = { kind: "month"; month: number } | { kind: "today" } | { kind: "week" };

export type Classified =
  | { intent: "greeting" | "thanks" | "discography" | "events" | "vip" | "membership" | "out_of_scope" }
  | { intent: "album"; album: DigestAlbum }
  | { intent: "track"; track: TrackHit | null }
  | { intent: "events_city"; city: string; events: DigestEvent[] }
  | { intent: "events_date"; filter: DateFilter; events: DigestEvent[] }
  | { intent: "memory"; city: string | null; events: DigestEvent[] };

/** The longest track title the message names, and every release that has it (a single and its album). */
function findTrack(text: string, albums: readonly DigestAlbum[], minChars: number): TrackHit | null {
  let best: (TrackHit & { key: string }) | null = null;
  for (const album of albums) {
    album.tracks.forEach((title, index) => {
      const key = normalize(title);
      if (key.length < minChars || !mentions(text, [key])) return;
      if (best && best.key === key) {
        if (!best.albums.includes(album)) best.albums.push(album);
      } else if (!best || key.length > best.key.length) {
        best = { key, title: oneLine(title), albums: [album], number: index + 1 };
      }
    });
  }
  const found = best as (TrackHit & { key: string }) | null;
  return found && { title: found.title, albums: found.albums, number: found.number };
}

/** The album or single whose whole title the message names, the longest first; an album beats a single of the same name. */
function findAlbum(text: string, albums: readonly DigestAlbum[]): DigestAlbum | null {
  let best: { key: string; album: DigestAlbum } | null = null;
  for (const album of albums) {
    const key = normalize(album.title);
    if (key.length < IMPLICIT_TITLE_MIN_CHARS || !mentions(text, [key])) continue;
    if (!best || key.length > best.key.length || (key.length === best.key.length && album.tracks.length > best.album.tracks.length)) best = { key, album };
  }
  return best?.album ?? null;
}

/** A city the message names: one of the upcoming events' cities, or a capitalized name after "in"/"em" ("in Chicago"). */
function findCity(raw: string, text: string, events: readonly DigestEvent[]): string | null {
  for (const event of events) {
    if (event.city && normalize(event.city) && mentions(text, [normalize(event.city)])) return oneLine(event.city);
  }
  const named = raw.match(/\b(?:in|at|em|no|na|para|pra)\s+(\p{Lu}[\p{L}'-]+(?:\s+\p{Lu}[\p{L}'-]+)*)/u);
  // "in December" names a month, not a city.
  if (!named || mentions(normalize(named[1]!), [...MONTHS.en, ...MONTHS["pt-BR"]])) return null;
  return named[1]!;
}

const inCity = (events: readonly DigestEvent[], city: string) =>
  events.filter((event) => !event.online && event.city && normalize(event.city) === normalize(city));

/** The event's start as YYYY-MM-DD and its month (1-12), in the event's own zone. */
function localDate(instant: number, timeZone: string): { day: string; month: number } {
  const day = new Intl.DateTimeFormat("en-CA", { year: "numeric", month: "2-digit", day: "2-digit", timeZone: knownZone(timeZone) }).format(instant);
  return { day, month: Number(day.slice(5, 7)) };
}

function findDateFilter(text: string): DateFilter | null {
  if (mentions(text, TODAY)) return { kind: "today" };
  if (mentions(text, THIS_WEEK)) return { kind: "week" };
  for (const locale of ["en", "pt-BR"] as const) {
    const index = MONTHS[locale].findIndex((month) => (month === "may" ? mentions(text, ["in may", "on may"]) : mentions(text, [month])));
    if (index >= 0) return { kind: "month", month: index + 1 };
  }
  return null;
}

function matchesDate(event: DigestEvent, filter: DateFilter, now: number): boolean {
  const start = Date.parse(event.startsAt);
  if (filter.kind === "week") return start - now < 7 * 24 * 3_600_000;
  const local = localDate(start, event.timeZone);
  if (filter.kind === "today") return local.day === localDate(now, event.timeZone).day;
  return local.month === filter.month;
}

/** What the member's last message asks for, with the digest's facts it is about. Pure. */
export function classifyMessage(message: string, digest: SiteDigest, now: number): Classified {
  const text = normalize(message);
  const events = digest.upcomingEvents;

  if (mentions(text, MEMORY_WORDS)) {
    const city = findCity(message, text, events);
    return { intent: "memory", city, events: city ? inCity(events, city) : [] };
  }
  if (mentions(text, MEMBERSHIP_HELP)) return { intent: "membership" };
  if (mentions(text, WHICH_ALBUM)) return { intent: "track", track: findTrack(text, digest.albums, 1) };

  const album = findAlbum(text, digest.albums);
  const track = findTrack(text, digest.albums, IMPLICIT_TITLE_MIN_CHARS);
  // "Show me your albums" asks for something other than a show; a title with "Live" in it is not an event question.
  const eventText = text.replace(/\bshow (me|us)\b/g, " ");
  const asksEvents = mentions(eventText, EVENT_WORDS) && !(album && !mentions(eventText.replace(normalize(album.title), " "), EVENT_WORDS));
  if (asksEvents) {
    const city = findCity(message, text, events);
    if (city) return { intent: "events_city", city, events: inCity(events, city) };
    const filter = findDateFilter(text);
    if (filter) return { intent: "events_date", filter, events: events.filter((event) => matchesDate(event, filter, now)) };
    return { intent: "events" };
  }
  // A title that is both an album and one of its songs ("Satin & Neon") is taken for the album.
  if (album && (!track || normalize(track.title).length <= normalize(album.title).length)) return { intent: "album", album };
  if (track) return { intent: "track", track };
  if (mentions(text, VIP_WORDS)) return { intent: "vip" };
  if (mentions(text, DISCOGRAPHY_WORDS)) return { intent: "discography" };
  const filter = findDateFilter(text);
  if (filter && /\b(what|anything|algo|alguma|o que)\b/.test(text)) {
    return { intent: "events_date", filter, events: events.filter((event) => matchesDate(event, filter, now)) };
  }
  if (mentions(text, THANKS)) return { intent: "thanks" };
  if (mentions(text, GREETINGS)) return { intent: "greeting" };
  return { intent: "out_of_scope" };
}

/** A small, stable number from the message: the same question gets the same wording, different ones vary. */
function seedOf(text: string): number {
  let hash = 2166136261;
  for (let i = 0; i < text.length; i++) hash = Math.imul(hash ^ text.charCodeAt(i), 16777619);
  return hash >>> 0;
}

type Say = {
  /** Picks one of the variants by the message's seed. */
  pick: (...variants: string[]) => string;
  name: string;
  persona: string;
  locale: ChatLocale;
};

const q = (title: string) => `“${oneLine(title)}”`;
const albumLabel = (album: DigestAlbum) => (album.year === null ? q(album.title) : `${q(album.title)} (${album.year})`);

function describeEvent(event: DigestEvent, locale: ChatLocale): string {
  const pt = locale === "pt-BR";
  const place = event.online
    ? "online"
    : [event.venueName, event.city, event.state]
        .filter((part): part is string => !!part && !!part.trim())
        .map((part) => oneLine(part))
        .join(", ") || (pt ? "local a anunciar" : "venue to be announced");
  const bounds = priceBounds(event);
  const money = (amount: number) => formatMoney(amount, event.currency, locale);
  const price = !bounds
    ? pt
      ? "preços a anunciar"
      : "ticket prices to be announced"
    : bounds.high === 0
      ? pt
        ? "entrada gratuita"
        : "free entry"
      : bounds.low === bounds.high
        ? `${pt ? "ingresso" : "tickets"} ${money(bounds.low)}`
        : pt
          ? `ingressos de ${money(bounds.low)} a ${money(bounds.high)}`
          : `tickets from ${money(bounds.low)} to ${money(bounds.high)}`;
  // The ticket link ends the line after a colon: a full stop would stick to the URL.
  const tickets = event.ticketUrl ? `: ${event.ticketUrl}` : ".";
  return `${q(event.title)}, ${formatEventStart(event, locale)}, ${place}; ${price}${tickets}`;
}

const shortEvent = (event: DigestEvent, locale: ChatLocale) => `${q(event.title)} (${formatEventStart(event, locale)})`;

function monthName(month: number, locale: ChatLocale): string {
  return new Intl.DateTimeFormat(locale, { month: "long", timeZone: "UTC" }).format(Date.UTC(2026, month - 1, 15));
}

function eventList(events: readonly DigestEvent[], locale: ChatLocale): string {
  return events
    .slice(0, 3)
    .map((event) => describeEvent(event, locale))
    .join(" ");
}

function whatsComing(digest: SiteDigest, say: Say): string {
  const next = digest.upcomingEvents[0];
  if (say.locale === "pt-BR") {
    return next ? `O que vem por aí: ${shortEvent(next, say.locale)}.` : "Ainda não há shows anunciados, mas fique de olho na página de eventos!";
  }
  return next ? `Here's what's coming up: ${shortEvent(next, say.locale)}.` : "No shows are announced yet, but keep an eye on the Events page!";
}

function answerEn(c: Classified, digest: SiteDigest, say: Say, member: ChatRequest["member"]): string {
  const { pick, name, locale } = say;
  const releases = joinList(digest.albums.map(albumLabel), locale);
  switch (c.intent) {
    case "greeting":
      return pick(
        `Hi ${name}! It's ${say.persona}. Ask me about my albums and songs, my next shows, or what VIP includes.`,
        `Hey there! Good to see you. Want to talk about the music, the upcoming shows or VIP?`,
        `Hello! ${say.persona} here. Curious about a record, a show or VIP membership? Just ask.`,
      );
    case "thanks":
      return pick(
        `You're welcome! Anything else you'd like to know?`,
        `My pleasure, ${name}. I'm here if you think of something else.`,
        `Anytime! Enjoy the music.`,
      );
    case "album": {
      const { album } = c;
      const when = album.year === null ? "" : pick(` came out in ${album.year}`, ` was released in ${album.year}`);
      const tracks = album.tracks.length
        ? ` It has ${album.tracks.length} ${album.tracks.length === 1 ? "track" : "tracks"}: ${joinList(album.tracks.map(q), locale)}.`
        : "";
      return `${pick("Ah, ", "Oh, I love that one. ", "")}${q(album.title)}${when || " is in my catalog"}.${tracks}`;
    }
    case "track": {
      if (!c.track) return digest.albums.length ? `I couldn't find that song in my catalog. My releases are ${releases}.` : "My catalog is empty for now.";
      const { track } = c;
      const where = joinList(track.albums.map(albumLabel), locale);
      const [first] = track.albums;
      const titleTrack = first && normalize(first.title) === normalize(track.title);
      // The track number is the first release's: a song on a single and an album is just "on" both.
      if (track.albums.length > 1) return `${q(track.title)} is on ${where}.`;
      return titleTrack
        ? `${q(track.title)} is the title track of ${where}.`
        : pick(`${q(track.title)} is on ${where}, track ${track.number}.`, `You'll find ${q(track.title)} on ${where} as track ${track.number}.`);
    }
    case "discography":
      return digest.albums.length
        ? pick(`Here's my discography, newest first: ${releases}.`, `My releases, newest first: ${releases}.`)
        : "My catalog is empty for now.";
    case "events": {
      const [next, ...rest] = digest.upcomingEvents;
      if (!next) return "There are no upcoming shows announced right now. Keep an eye on the Events page!";
      const following = rest.length ? ` After that: ${eventList(rest.slice(0, 2), locale)}` : "";
      return `${pick("My next show is ", "Next up: ", `${name}, my next show is `)}${describeEvent(next, locale)}${following}`;
    }
    case "events_city":
      return c.events.length
        ? `${pick("Yes! ", "I'll be there! ")}In ${c.city}: ${eventList(c.events, locale)}`
        : `I don't have a show in ${c.city} on the calendar right now. ${whatsComing(digest, say)}`;
    case "events_date": {
      const label = c.filter.kind === "month" ? `in ${monthName(c.filter.month, locale)}` : c.filter.kind === "today" ? "today" : "this week";
      return c.events.length
        ? `${label[0]!.toUpperCase()}${label.slice(1)}: ${eventList(c.events, locale)}`
        : `Nothing on the calendar ${label} yet. ${whatsComing(digest, say)}`;
    }
    case "memory": {
      const there = c.events.length ? ` And I'll be back in ${c.city}: ${shortEvent(c.events[0]!, locale)}!` : ` ${whatsComing(digest, say)}`;
      return `${pick("I wish I could tell you more about that night, but I don't keep memories of past shows here.", "Those nights blur together, I don't remember the details of that one, sorry!")}${there}`;
    }
    case "vip": {
      const price = formatMoney(digest.vip.priceCents / 100, digest.vip.currency, locale);
      const answer = `VIP membership is ${price} a month and includes ${joinList(VIP_BENEFITS.en, locale)}.`;
      return member.vip || member.admin ? `${answer} You already have it, thank you for being a VIP!` : answer;
    }
    case "membership": {
      const price = formatMoney(digest.vip.priceCents / 100, digest.vip.currency, locale);
      return `For your membership, open the VIP page: you can become VIP there for ${price} a month, and manage or cancel it from your account. For anything about payments, the Contact page reaches the team.`;
    }
    case "out_of_scope":
      return pick(
        `That's not something I can answer here, sorry! I'm best at talking about my music, my shows and VIP. Try "Tell me about ${digest.albums[0]?.title ?? "your albums"}" or "When is your next show?"`,
        `Hmm, I'm not the right person for that one. Ask me about my albums and songs, the upcoming shows or VIP membership.`,
      );
  }
}

function answerPt(c: Classified, digest: SiteDigest, say: Say, member: ChatRequest["member"]): string {
  const { pick, name, locale } = say;
  const releases = joinList(digest.albums.map(albumLabel), locale);
  switch (c.intent) {
    case "greeting":
      return pick(
        `Oi, ${name}! Aqui é ${say.persona}. Pode me perguntar sobre os meus álbuns e músicas, os próximos shows ou o que o VIP inclui.`,
        `Olá! Que bom te ver por aqui. Quer falar de música, dos próximos shows ou do VIP?`,
        `Oi! Aqui é ${say.persona}. Curiosidade sobre um disco, um show ou a assinatura VIP? É só perguntar.`,
      );
    case "thanks":
      return pick(
        `De nada! Quer saber mais alguma coisa?`,
        `Imagina, ${name}. Estou por aqui se pensar em mais alguma coisa.`,
        `Sempre que quiser! Aproveite a música.`,
      );
    case "album": {
      const { album } = c;
      const when = album.year === null ? "" : pick(` saiu em ${album.year}`, ` foi lançado em ${album.year}`);
      const tracks = album.tracks.length
        ? ` Tem ${album.tracks.length} ${album.tracks.length === 1 ? "faixa" : "faixas"}: ${joinList(album.tracks.map(q), locale)}.`
        : "";
      return `${pick("Ah, ", "Adoro esse. ", "")}${q(album.title)}${when || " está no meu catálogo"}.${tracks}`;
    }
    case "track": {
      if (!c.track)
        return digest.albums.length ? `Não encontrei essa música no meu catálogo. Os meus lançamentos são ${releases}.` : "O meu catálogo ainda está vazio.";
      const { track } = c;
      const where = joinList(track.albums.map(albumLabel), locale);
      const [first] = track.albums;
      const titleTrack = first && normalize(first.title) === normalize(track.title);
      if (track.albums.length > 1) return `${q(track.title)} está em ${where}.`;
      return titleTrack
        ? `${q(track.title)} é a faixa-título de ${where}.`
        : pick(`${q(track.title)} está em ${where}, faixa ${track.number}.`, `Você encontra ${q(track.title)} em ${where}, como faixa ${track.number}.`);
    }
    case "discography":
      return digest.albums.length
        ? pick(`Esta é a minha discografia, do mais recente ao mais antigo: ${releases}.`, `Os meus lançamentos, do mais recente ao mais antigo: ${releases}.`)
        : "O meu catálogo ainda está vazio.";
    case "events": {
      const [next, ...rest] = digest.upcomingEvents;
      if (!next) return "Ainda não há próximos shows anunciados. Fique de olho na página de eventos!";
      const following = rest.length ? ` Depois: ${eventList(rest.slice(0, 2), locale)}` : "";
      return `${pick("O meu próximo show é ", "O próximo é ", `${name}, o meu próximo show é `)}${describeEvent(next, locale)}${following}`;
    }
    case "events_city":
      return c.events.length
        ? `${pick("Sim! ", "Vou estar lá! ")}Em ${c.city}: ${eventList(c.events, locale)}`
        : `Não tenho show em ${c.city} na agenda por enquanto. ${whatsComing(digest, say)}`;
    case "events_date": {
      const label = c.filter.kind === "month" ? `em ${monthName(c.filter.month, locale)}` : c.filter.kind === "today" ? "hoje" : "esta semana";
      return c.events.length
        ? `${label[0]!.toUpperCase()}${label.slice(1)}: ${eventList(c.events, locale)}`
        : `Ainda não há nada na agenda ${label}. ${whatsComing(digest, say)}`;
    }
    case "memory": {
      const there = c.events.length ? ` E eu volto a ${c.city}: ${shortEvent(c.events[0]!, locale)}!` : ` ${whatsComing(digest, say)}`;
      return `${pick("Queria poder contar mais sobre aquela noite, mas não guardo lembranças dos shows passados aqui.", "Essas noites se misturam na memória, não me lembro dos detalhes dessa, desculpe!")}${there}`;
    }
    case "vip": {
      const price = formatMoney(digest.vip.priceCents / 100, digest.vip.currency, locale);
      const answer = `A assinatura VIP custa ${price} por mês e inclui ${joinList(VIP_BENEFITS["pt-BR"], locale)}.`;
      return member.vip || member.admin ? `${answer} Você já é VIP: obrigado por fazer parte!` : answer;
    }
    case "membership": {
      const price = formatMoney(digest.vip.priceCents / 100, digest.vip.currency, locale);
      return `Para a sua assinatura, abra a página VIP: lá você vira VIP por ${price} por mês, e pode gerenciar ou cancelar pela sua conta. Para qualquer coisa sobre pagamentos, a página de contato fala com a equipe.`;
    }
    case "out_of_scope":
      return pick(
        `Isso eu não sei responder por aqui, desculpe! Sou melhor falando da minha música, dos meus shows e do VIP. Experimente "Me fala do álbum ${digest.albums[0]?.title ?? ""}" ou "Quando é o seu próximo show?"`,
        `Hum, essa não é comigo. Pode me perguntar sobre os meus álbuns e músicas, os próximos shows ou a assinatura VIP.`,
      );
  }
}

export type OfflineAnswerInput = Pick<ChatRequest, "persona" | "member" | "locale" | "digest" | "turns">;

/** The reply to the member's last message, in request.locale: pure, so it is tested without streaming. */
export function offlineAnswer(request: OfflineAnswerInput, now = Date.now()): string {
  const lastUserTurn = [...request.turns].reverse().find((turn) => turn.role === "user");
  const message = lastUserTurn?.content ?? "";
  const classified = classifyMessage(message, request.digest, now);
  const seed = seedOf(normalize(message));
  const say: Say = {
    pick: (...variants) => variants[seed % variants.length]!,
    name: memberName(request.member),
    persona: oneLine(request.persona),
    locale: request.locale,
  };
  return (request.locale === "pt-BR" ? answerPt : answerEn)(classified, request.digest, say, request.member);
}

/** The text cut into words, each with the spaces after it, so the pieces join back to the text. */
export const words = (text: string) => text.match(/[^ \n]+[ \n]*|[ \n]+/g) ?? [];

/** How fast the offline reply types: `words` words a delta, `delayMs` between two deltas. */
export type OfflinePace = { words: number; delayMs: number };
/** About a reading pace: three words every 60 ms, so the typing is visible without dragging. */
export const OFFLINE_PACE: OfflinePace = { words: 3, delayMs: 60 };

export type OfflineOptions = { pace?: OfflinePace; now?: () => number };

/** Waits `ms` (0 still yields a turn, so a cancel, the timeout or another message can interleave). */
const pause = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export function createOfflineChatModel(options: OfflineOptions = {}): ChatModel {
  const pace = options.pace ?? OFFLINE_PACE;
  const now = options.now ?? Date.now;
  const perDelta = Math.max(1, pace.words);
  return {
    offline: true,
    async *reply(request) {
      const pieces = words(offlineAnswer(request, now()));
      for (let i = 0; i < pieces.length; i += perDelta) {
        if (request.signal.aborted) return;
        yield pieces.slice(i, i + perDelta).join("");
        await pause(pace.delayMs);
      }
    },
  };
}
