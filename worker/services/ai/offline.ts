// The offline responder: the chat's model when no AI key is configured (local development, tests,
// a deploy without the secret). It answers from the site digest alone, in the member's language:
// greetings, the next shows, which album a song is on, the discography, and VIP membership;
// anything else gets a plain "I can only answer questions about..." instead of a guess.
import type { ChatLocale } from "../../contracts/chat";
import type { ChatModel, ChatRequest, DigestAlbum, DigestEvent, SiteDigest } from "./types";
import { VIP_BENEFITS, formatEventStart, formatMoney, joinList, priceBounds } from "./phrases";
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

// Normalized (accent-free) keywords, English and Portuguese together: a member may mix them.
const GREETINGS = [
  "hi",
  "hello",
  "hey",
  "hiya",
  "howdy",
  "good morning",
  "good afternoon",
  "good evening",
  "oi",
  "ola",
  "oie",
  "hola",
  "e ai",
  "bom dia",
  "boa tarde",
  "boa noite",
  "salve",
];
const EVENT_WORDS = [
  "show",
  "shows",
  "event",
  "events",
  "concert",
  "concerts",
  "tour",
  "touring",
  "gig",
  "gigs",
  "performance",
  "perform",
  "performing",
  "tickets",
  "ticket",
  "meet",
  "meets",
  "virtual meet",
  "evento",
  "eventos",
  "concerto",
  "concertos",
  "turne",
  "apresentacao",
  "apresentacoes",
  "ingresso",
  "ingressos",
  "agenda",
  "proximo show",
];
const ALBUM_QUESTIONS = [
  "which album",
  "what album",
  "which record",
  "what record",
  "qual album",
  "que album",
  "em qual album",
  "em que album",
  "de qual album",
  "de que album",
];
const DISCOGRAPHY_WORDS = [
  "album",
  "albums",
  "discography",
  "records",
  "singles",
  "catalog",
  "catalogue",
  "songs",
  "albuns",
  "discografia",
  "catalogo",
  "musicas",
  "disco",
  "discos",
];
const VIP_WORDS = [
  "vip",
  "price",
  "prices",
  "pricing",
  "cost",
  "costs",
  "how much",
  "benefits",
  "benefit",
  "perks",
  "membership",
  "subscription",
  "subscribe",
  "member",
  "join",
  "preco",
  "precos",
  "quanto custa",
  "quanto e",
  "valor",
  "beneficios",
  "beneficio",
  "vantagens",
  "assinatura",
  "assinar",
  "plano",
  "membro",
];
/** A title this short ("Go", "U") would match ordinary words; it is only found when asked about by "which album". */
const IMPLICIT_TITLE_MIN_CHARS = 4;

type Phrasing = {
  greeting: (name: string, persona: string) => string;
  nextEvent: (name: string, event: string) => string;
  following: (events: string[]) => string;
  noEvents: (name: string) => string;
  eventLine: (title: string, when: string, place: string, price: string, tickets: string | null) => string;
  online: string;
  venueTba: string;
  price: (low: string, high: string | null) => string;
  free: string;
  priceTba: string;
  trackOn: (name: string, track: string, albums: string) => string;
  unknownTrack: (name: string, albums: string) => string;
  discography: (name: string, albums: string) => string;
  noAlbums: (name: string) => string;
  vip: (name: string, price: string, benefits: string) => string;
  alreadyVip: string;
  fallback: (name: string) => string;
};

/** The ticket link, when there is one, ends the line after a colon (a full stop would stick to the URL). */
const eventLine = (title: string, when: string, place: string, price: string, tickets: string | null) =>
  `"${title}", ${when}, ${place}. ${price}${tickets ? `: ${tickets}` : "."}`;

const PHRASES: Record<ChatLocale, Phrasing> = {
  en: {
    greeting: (name, persona) => `Hi ${name}! It's ${persona}. Ask me about my upcoming shows, my albums and songs, or VIP membership.`,
    nextEvent: (name, event) => `${name}, my next show is ${event}`,
    following: (events) => ` After that: ${events.join(" ")}`,
    noEvents: (name) => `${name}, there are no upcoming shows announced right now. Keep an eye on the Events page!`,
    eventLine,
    online: "online",
    venueTba: "venue to be announced",
    price: (low, high) => (high ? `Tickets from ${low} to ${high}` : `Tickets: ${low}`),
    free: "Free entry",
    priceTba: "Ticket prices to be announced",
    trackOn: (name, track, albums) => `${name}, "${track}" is on ${albums}.`,
    unknownTrack: (name, albums) => `${name}, I couldn't find that song in my catalog. My releases are ${albums}.`,
    discography: (name, albums) => `${name}, here is my discography, newest first: ${albums}.`,
    noAlbums: (name) => `${name}, my catalog is empty for now.`,
    vip: (name, price, benefits) => `${name}, VIP membership costs ${price} per month and includes ${benefits}.`,
    alreadyVip: " You already have it: thank you for being a VIP!",
    fallback: (name) =>
      `I can only answer questions about my shows, my music and VIP membership, ${name}. Try "When is your next show?", "Which album is that song on?" or "What does VIP include?"`,
  },
  "pt-BR": {
    greeting: (name, persona) =>
      `Oi, ${name}! Aqui é ${persona}. Pode me perguntar sobre os meus próximos shows, os meus álbuns e músicas ou a assinatura VIP.`,
    nextEvent: (name, event) => `${name}, o meu próximo show é ${event}`,
    following: (events) => ` Depois: ${events.join(" ")}`,
    noEvents: (name) => `${name}, ainda não há próximos shows anunciados. Fique de olho na página de eventos!`,
    eventLine,
    online: "online",
    venueTba: "local a anunciar",
    price: (low, high) => (high ? `Ingressos de ${low} a ${high}` : `Ingresso: ${low}`),
    free: "Entrada gratuita",
    priceTba: "Preços dos ingressos a anunciar",
    trackOn: (name, track, albums) => `${name}, "${track}" está em ${albums}.`,
    unknownTrack: (name, albums) => `${name}, não encontrei essa música no meu catálogo. Os meus lançamentos são ${albums}.`,
    discography: (name, albums) => `${name}, esta é a minha discografia, do mais recente ao mais antigo: ${albums}.`,
    noAlbums: (name) => `${name}, o meu catálogo ainda está vazio.`,
    vip: (name, price, benefits) => `${name}, a assinatura VIP custa ${price} por mês e inclui ${benefits}.`,
    alreadyVip: " Você já é VIP: obrigado por fazer parte!",
    fallback: (name) =>
      `Só posso responder perguntas sobre os meus shows, a minha música e a assinatura VIP, ${name}. Experimente "Quando é o seu próximo show?", "Em qual álbum está essa música?" ou "O que o VIP inclui?"`,
  },
};

const albumLabel = (album: DigestAlbum) => (album.year === null ? `"${oneLine(album.title)}"` : `"${oneLine(album.title)}" (${album.year})`);

function describeEvent(event: DigestEvent, locale: ChatLocale): string {
  const p = PHRASES[locale];
  const place = event.online
    ? p.online
    : [event.venueName, event.city, event.state]
        .filter((part): part is string => !!part && !!part.trim())
        .map((part) => oneLine(part))
        .join(", ") || p.venueTba;
  const bounds = priceBounds(event);
  const money = (amount: number) => formatMoney(amount, event.currency, locale);
  const price = !bounds ? p.priceTba : bounds.high === 0 ? p.free : p.price(money(bounds.low), bounds.low === bounds.high ? null : money(bounds.high));
  return p.eventLine(oneLine(event.title), formatEventStart(event, locale), place, price, event.ticketUrl);
}

function eventsAnswer(name: string, digest: SiteDigest, locale: ChatLocale): string {
  const p = PHRASES[locale];
  const [next, ...rest] = digest.upcomingEvents;
  if (!next) return p.noEvents(name);
  const following = rest.slice(0, 2).map((event) => describeEvent(event, locale));
  return p.nextEvent(name, describeEvent(next, locale)) + (following.length ? p.following(following) : "");
}

/** The longest track title the message names, and every release that has it (a single and its album). */
function findTrack(text: string, albums: readonly DigestAlbum[], minChars: number): { title: string; albums: DigestAlbum[] } | null {
  let best: { key: string; title: string; albums: DigestAlbum[] } | null = null;
  for (const album of albums) {
    for (const title of album.tracks) {
      const key = normalize(title);
      if (key.length < minChars || !mentions(text, [key])) continue;
      if (best && best.key === key) {
        if (!best.albums.includes(album)) best.albums.push(album);
      } else if (!best || key.length > best.key.length) {
        best = { key, title: oneLine(title), albums: [album] };
      }
    }
  }
  return best && { title: best.title, albums: best.albums };
}

/** The reply to one message: pure, so it is tested without streaming. */
export function offlineAnswer(request: Pick<ChatRequest, "persona" | "member" | "locale" | "digest" | "turns">): string {
  const { digest, locale } = request;
  const p = PHRASES[locale];
  const name = memberName(request.member);
  const lastUserTurn = [...request.turns].reverse().find((turn) => turn.role === "user");
  const text = normalize(lastUserTurn?.content ?? "");
  const releases = joinList(digest.albums.map(albumLabel), locale);

  if (mentions(text, ALBUM_QUESTIONS)) {
    const track = findTrack(text, digest.albums, 1);
    if (track) return p.trackOn(name, track.title, joinList(track.albums.map(albumLabel), locale));
    return digest.albums.length ? p.unknownTrack(name, releases) : p.noAlbums(name);
  }
  // "Show me your albums" asks for something other than a show.
  if (mentions(text.replace(/\bshow (me|us)\b/g, " "), EVENT_WORDS)) return eventsAnswer(name, digest, locale);
  const track = findTrack(text, digest.albums, IMPLICIT_TITLE_MIN_CHARS);
  if (track) return p.trackOn(name, track.title, joinList(track.albums.map(albumLabel), locale));
  if (mentions(text, DISCOGRAPHY_WORDS)) return digest.albums.length ? p.discography(name, releases) : p.noAlbums(name);
  if (mentions(text, VIP_WORDS)) {
    const price = formatMoney(digest.vip.priceCents / 100, digest.vip.currency, locale);
    const answer = p.vip(name, price, joinList(VIP_BENEFITS[locale], locale));
    return request.member.vip || request.member.admin ? answer + p.alreadyVip : answer;
  }
  if (mentions(text, GREETINGS)) return p.greeting(name, oneLine(request.persona));
  return p.fallback(name);
}

/** The text cut into words, each with the spaces after it, so the pieces join back to the text. */
export const words = (text: string) => text.match(/[^ \n]+[ \n]*|[ \n]+/g) ?? [];

/** Lets a cancel, the timeout or another message interleave between two words, without slowing anything. */
const nextTurn = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

export function createOfflineChatModel(): ChatModel {
  return {
    offline: true,
    async *reply(request) {
      const answer = offlineAnswer(request);
      for (const word of words(answer)) {
        if (request.signal.aborted) return;
        yield word;
        await nextTurn();
      }
    },
  };
}
