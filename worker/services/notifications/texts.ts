// A notification's words outside the page (push and e-mail), in the recipient's language. The
// centre's sentences are declared by the areas (worker/contracts/areas/<area>.words.ts); these say
// the same as a title and a body, with plurals, dates, money and a gift's variants, which is code
// rather than an ICU message: the Worker's build carries no message parser (decision 180). Each
// switch covers every kind, so a kind an area adds fails the type check until it is worded here.
import type { Locale } from "#contracts/locale.ts";
import type { NotificationKind, NotificationParams } from "#contracts/notifications.ts";
import { inLanguage } from "../../lib/content-language";

export type NotificationTextInput = {
  kind: NotificationKind;
  /** The actor's username (the latest liker for grouped likes); null for the site's own news. */
  actor: string | null;
  /** Likes are grouped: how many liked. */
  actorCount: number;
  params: NotificationParams;
  brandName: string;
};

export type NotificationText = { title: string; body: string };

const quote = (text: string | undefined) => (text ? `“${text}”` : "");

function date(locale: Locale, iso: string | undefined): string {
  if (!iso) return "";
  return new Intl.DateTimeFormat(locale, { dateStyle: "long", timeZone: "UTC" }).format(new Date(iso));
}

/** An amount in the reader's way of writing it ("$24.99", "US$ 24,99"); empty when unknown. */
function money(locale: Locale, cents: number | undefined, currency: string | undefined): string {
  if (cents === undefined || !currency) return "";
  return new Intl.NumberFormat(locale, { style: "currency", currency }).format(cents / 100);
}

/** What reporters chose, when the moderator wrote no reason of their own. */
const REPORT_REASON_TEXT: Record<Locale, Record<string, string>> = {
  en: { spam: "Spam", harassment: "Harassment", hate: "Hate speech", sexual: "Sexual content", violence: "Violence", other: "Against the community rules" },
  "pt-BR": {
    spam: "Spam",
    harassment: "Assédio",
    hate: "Discurso de ódio",
    sexual: "Conteúdo sexual",
    violence: "Violência",
    other: "Contra as regras da comunidade",
  },
};

const EN: (i: NotificationTextInput) => NotificationText = ({ kind, actor, actorCount, params, brandName }) => {
  const who = actor ?? "Someone";
  const others = actorCount - 1;
  switch (kind) {
    case "like":
      return { title: brandName, body: others > 0 ? `${who} and ${others} ${others === 1 ? "other" : "others"} liked your post` : `${who} liked your post` };
    case "comment":
      return { title: `${who} commented on your post`, body: quote(params.excerpt) };
    case "reply":
      return { title: `${who} replied to your comment`, body: quote(params.excerpt) };
    case "mention":
      return { title: `${who} mentioned you`, body: quote(params.excerpt) };
    case "release":
      return { title: "New release", body: params.title ?? "" };
    case "release_early":
      return { title: "VIP early access", body: `${params.title ?? ""} — listen before everyone else` };
    case "event":
      return { title: "New event", body: params.title ?? "" };
    case "meet_soon":
      return { title: "Starting in 15 minutes", body: params.title ?? "" };
    case "tv_live":
      return { title: "Live now on TV", body: params.title ?? "" };
    case "show_live":
      return { title: `${params.title ?? "The show"} is live`, body: "Watch it now." };
    case "contact_reply":
      return { title: brandName, body: "The team answered your message" };
    case "payment_failed":
      return { title: "Your VIP payment failed", body: "Update your card to keep your VIP membership." };
    case "renewal_soon":
      return { title: "Your VIP membership renews soon", body: `It renews on ${date("en", params.at)}.` };
    case "vip_granted":
      if (params.gift && params.tierEn)
        return {
          title: `Your gift of ${params.tierEn} is redeemed`,
          body: params.at ? `Your ${params.tierEn} membership runs until ${date("en", params.at)}.` : `Your ${params.tierEn} membership goes on.`,
        };
      if (params.gift) return { title: "Your gift of VIP is redeemed", body: params.at ? `You are VIP until ${date("en", params.at)}.` : "Your VIP goes on." };
      return { title: "You are VIP now", body: `Welcome to ${brandName} VIP.` };
    case "vip_ended":
      if (params.gift && params.tierEn) return { title: `Your gifted ${params.tierEn} ended`, body: "You can join again at any time." };
      if (params.gift) return { title: "Your gifted VIP ended", body: "You can become VIP again at any time." };
      return { title: "Your VIP membership ended", body: "You can join again at any time." };
    case "post_hidden":
      return { title: "A moderator hid your post", body: params.reason ?? REPORT_REASON_TEXT.en[params.reasonCode ?? ""] ?? "" };
    case "gift_redeemed":
      return { title: "Your gift was redeemed", body: `${who} redeemed your gift of ${params.tierEn ?? "VIP"} on ${date("en", params.at)}.` };
    case "order_shipped":
      return { title: "Your order has shipped", body: `Order ${params.title ?? ""} is on its way.` };
    case "preorder_out":
      return { title: "It's out", body: `${params.title ?? ""} is out: all of it is in your collection now.` };
    case "notify_release":
      return { title: "Out now", body: `${params.title ?? ""} is out: you asked us to tell you.` };
    case "notify_on_sale":
      return { title: "Tickets on sale now", body: `Tickets for ${params.title ?? ""} are on sale: you asked us to tell you.` };
    case "tier_offer":
      return {
        title: params.winBack ? `Come back to ${params.title ?? ""}: ${params.percent ?? 0}% off` : `${params.percent ?? 0}% off ${params.title ?? ""}`,
        body: `${params.percent ?? 0}% off your first period of ${params.title ?? ""}. Claim it by ${date("en", params.at)}.`,
      };
    case "contest_won":
      return { title: `You won ${params.title ?? "the contest"}`, body: "Your remix won the contest: the results are on its page." };
    case "trial_ending":
      return {
        title: `Your free trial ends on ${date("en", params.at)}`,
        body: `Then ${money("en", params.cents, params.currency)} is charged for ${params.title ?? "your membership"}. Not to be charged, cancel before then on your membership page.`,
      };
    case "room_mention":
      return { title: `${who} mentioned you in ${params.title ?? "a room"}`, body: quote(params.excerpt) };
    case "room_reply":
      return { title: `${who} replied to you in ${params.title ?? "a room"}`, body: quote(params.excerpt) };
    case "room_activity":
      return { title: `New messages in ${params.title ?? "a room"}`, body: `${who}: ${quote(params.excerpt)}` };
  }
};

const PT_BR: (i: NotificationTextInput) => NotificationText = ({ kind, actor, actorCount, params, brandName }) => {
  const who = actor ?? "Alguém";
  const others = actorCount - 1;
  switch (kind) {
    case "like":
      return {
        title: brandName,
        body: others > 0 ? `${who} e mais ${others} ${others === 1 ? "pessoa curtiram" : "pessoas curtiram"} seu post` : `${who} curtiu seu post`,
      };
    case "comment":
      return { title: `${who} comentou no seu post`, body: quote(params.excerpt) };
    case "reply":
      return { title: `${who} respondeu ao seu comentário`, body: quote(params.excerpt) };
    case "mention":
      return { title: `${who} mencionou você`, body: quote(params.excerpt) };
    case "release":
      return { title: "Novo lançamento", body: params.title ?? "" };
    case "release_early":
      return { title: "Acesso antecipado VIP", body: `${params.title ?? ""} — ouça antes de todo mundo` };
    case "event":
      return { title: "Novo evento", body: params.title ?? "" };
    case "meet_soon":
      return { title: "Começa em 15 minutos", body: params.title ?? "" };
    case "tv_live":
      return { title: "Ao vivo agora na TV", body: params.title ?? "" };
    case "show_live":
      return { title: `${params.title ?? "O show"} está ao vivo`, body: "Assista agora." };
    case "contact_reply":
      return { title: brandName, body: "A equipe respondeu à sua mensagem" };
    case "payment_failed":
      return { title: "O pagamento do seu VIP falhou", body: "Atualize seu cartão para manter sua assinatura VIP." };
    case "renewal_soon":
      return { title: "Sua assinatura VIP renova em breve", body: `Ela renova em ${date("pt-BR", params.at)}.` };
    case "vip_granted":
      if (params.gift && params.tierPtBR)
        return {
          title: `Seu presente de ${params.tierPtBR} foi resgatado`,
          body: params.at ? `Sua assinatura ${params.tierPtBR} vai até ${date("pt-BR", params.at)}.` : `Sua assinatura ${params.tierPtBR} continua.`,
        };
      if (params.gift)
        return { title: "Seu presente de VIP foi resgatado", body: params.at ? `Você é VIP até ${date("pt-BR", params.at)}.` : "Seu VIP continua." };
      return { title: "Agora você é VIP", body: `Boas-vindas ao VIP de ${brandName}.` };
    case "vip_ended":
      if (params.gift && params.tierPtBR) return { title: `Seu ${params.tierPtBR} de presente terminou`, body: "Você pode voltar quando quiser." };
      if (params.gift) return { title: "Seu VIP de presente terminou", body: "Você pode voltar a ser VIP quando quiser." };
      return { title: "Sua assinatura VIP terminou", body: "Você pode voltar quando quiser." };
    case "post_hidden":
      return { title: "Um moderador ocultou seu post", body: params.reason ?? REPORT_REASON_TEXT["pt-BR"][params.reasonCode ?? ""] ?? "" };
    case "gift_redeemed":
      return { title: "Seu presente foi resgatado", body: `${who} resgatou seu presente de ${params.tierPtBR ?? "VIP"} em ${date("pt-BR", params.at)}.` };
    case "order_shipped":
      return { title: "Seu pedido foi enviado", body: `O pedido ${params.title ?? ""} está a caminho.` };
    case "preorder_out":
      return { title: "Já saiu", body: `${params.title ?? ""} já saiu: tudo já está na sua coleção.` };
    case "notify_release":
      return { title: "Já saiu", body: `${params.title ?? ""} já saiu: você pediu para ser avisado.` };
    case "notify_on_sale":
      return { title: "Ingressos à venda", body: `Os ingressos para ${params.title ?? ""} estão à venda: você pediu para ser avisado.` };
    case "tier_offer":
      return {
        title: params.winBack
          ? `Volte para o ${params.title ?? ""}: ${params.percent ?? 0}% de desconto`
          : `${params.percent ?? 0}% de desconto no ${params.title ?? ""}`,
        body: `${params.percent ?? 0}% de desconto no seu primeiro período de ${params.title ?? ""}. Resgate até ${date("pt-BR", params.at)}.`,
      };
    case "contest_won":
      return {
        title: `Você venceu ${params.title ?? "o concurso"}`,
        body: "O seu remix venceu o concurso: os resultados estão na página dele.",
      };
    case "trial_ending":
      return {
        title: `Seu teste grátis termina em ${date("pt-BR", params.at)}`,
        body: `Depois, ${money("pt-BR", params.cents, params.currency)} será cobrado pelo ${params.title ?? "sua assinatura"}. Para não ser cobrado, cancele antes na página da sua assinatura.`,
      };
    case "room_mention":
      return { title: `${who} mencionou você em ${params.title ?? "uma sala"}`, body: quote(params.excerpt) };
    case "room_reply":
      return { title: `${who} respondeu a você em ${params.title ?? "uma sala"}`, body: quote(params.excerpt) };
    case "room_activity":
      return { title: `Novas mensagens em ${params.title ?? "uma sala"}`, body: `${who}: ${quote(params.excerpt)}` };
  }
};

export function notificationText(locale: Locale, input: NotificationTextInput): NotificationText {
  // A title the content has in Portuguese (params.titlePtBr) is what a Portuguese reader sees.
  return locale === "pt-BR"
    ? PT_BR({ ...input, params: { ...input.params, title: inLanguage(locale, input.params.title, input.params.titlePtBr) } })
    : EN(input);
}
