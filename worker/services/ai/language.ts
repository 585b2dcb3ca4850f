// Which of the site's two languages a chat message is written in, so the persona answers in the
// fan's language rather than the one the site is shown in. A tiny scorer instead of a library:
// only English and Brazilian Portuguese are told apart, and short chat messages carry enough
// function words and Portuguese diacritics to decide; when they do not, the caller's fallback
// (the UI language) wins. Pure, so it runs alike in workerd and in Node.
import type { ChatLocale } from "#contracts/chat.ts";

// Common words of one language that are not words (or are rare) in the other, accent-free and
// lower case. Words shared by both ("me", "a", "do", "no", "as", "so") would only add noise.
const ENGLISH = new Set(
  (
    "the is are was were be been you your yours i i'm im my mine we our what when where which who whom why how " +
    "about tell there their this that these those it its of in on at to for from with and or but not any anything " +
    "have has had will would could should can did does know next song songs albums record tour " +
    "hi hello hey thanks thank please good morning evening afternoon night yes much many remember first concert " +
    "playing play coming up new favorite favourite get cancel membership benefits price cost"
  ).split(" "),
);
const PORTUGUESE = new Set(
  (
    "o os e é voce voces vc seu sua seus suas meu minha meus minhas eu nos nós que qual quais quando onde como quem " +
    "porque por para pra com sem um uma uns umas de da das dos em na nas num numa ao aos isso isto esse essa este esta " +
    "tem tenho ter foi era sao são vai vou ja já nao não sim mais muito muita obrigado obrigada valeu oi ola olá tchau " +
    "bom boa dia tarde noite fala conta sobre lembra primeiro proximo próximo musica música musicas músicas disco " +
    "álbum albuns álbuns ingresso ingressos assinatura quanto custa cancelar beneficios benefícios"
  ).split(" "),
);
// Characters that appear in Portuguese words and never in plain English ones.
const PORTUGUESE_MARKS = /[ãõçáéíóúâêôà]/giu;

/** How strongly the text reads as each language: one point per known word, one per accented letter (at most three). */
export function languageScores(text: string): Record<ChatLocale, number> {
  const tokens = text.toLowerCase().match(/[\p{L}']+/gu) ?? [];
  let en = 0;
  let pt = 0;
  for (const token of tokens) {
    if (ENGLISH.has(token)) en++;
    if (PORTUGUESE.has(token)) pt++;
  }
  pt += Math.min(3, (text.match(PORTUGUESE_MARKS) ?? []).length);
  return { en, "pt-BR": pt };
}

/** The language the text is written in, or null when the scores do not tell (a bare title, "ok", a tie). */
export function detectLanguage(text: string): ChatLocale | null {
  const scores = languageScores(text);
  if (scores.en === scores["pt-BR"]) return null;
  return scores.en > scores["pt-BR"] ? "en" : "pt-BR";
}

/** The language to answer `text` in: the one it is written in, or `fallback` (the UI language) when unsure. */
export const replyLanguage = (text: string, fallback: ChatLocale): ChatLocale => detectLanguage(text) ?? fallback;
