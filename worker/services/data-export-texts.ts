// The data export's own texts in the member's language (users.locale): the README and the page
// index.html shows, what each file holds, and the names of the fields most rows have. A field
// without a name here is shown from its camelCase name ("lastSignInAt" → "Last sign in at").
import type { Locale } from "#contracts/locale.ts";

type Texts = {
  title: (brand: string) => string;
  intro: (brand: string, username: string, exportedAt: string) => string;
  howToRead: string[];
  contents: string;
  pictures: string;
  noRows: string;
  moreRows: (count: number, file: string) => string;
  fileOfKind: (file: string) => string;
  kinds: Record<string, string>;
  fields: Record<string, string>;
};

const EN: Texts = {
  title: (brand) => `Your ${brand} data`,
  intro: (brand, username, exportedAt) => `Everything ${brand} keeps about the account ${username}, as it was on ${exportedAt}.`,
  howToRead: [
    "Each .json file holds one kind of data: the name of each list, then its rows. A program can read them; this page shows the same rows as tables.",
    "Field names are written in camelCase (createdAt, userId); the most common ones are named below each table's heading.",
    'Every time is an ISO 8601 instant in UTC, e.g. "2026-11-24T11:44:20.047Z" (Z means UTC); this page shows it as a date and time in UTC.',
    "Yes/no fields are 1 (yes) or 0 (no). Amounts ending in Cents are in cents of the row's currency. Ids are the site's own references.",
    "Passwords, session keys and the secrets of sign-in links are never exported, not even to you.",
  ],
  contents: "Contents",
  pictures: "Your pictures (the images folder)",
  noRows: "Nothing of yours here.",
  moreRows: (count, file) => `…and ${count} more rows: see ${file}.`,
  fileOfKind: (file) => `File: ${file}`,
  kinds: {
    account: "Your account: address, username, language, roles, and the e-mail checks, password resets and sign-in links you asked for.",
    profile: "Your public profile.",
    posts: "Your posts and their pictures.",
    comments: "Your comments.",
    likes: "The posts you liked.",
    reports: "The posts, comments and room messages you reported.",
    favorites: "Your favourite tracks.",
    playlists: "Your playlists and their tracks.",
    plays: "The tracks you played.",
    payments: "Your VIP subscription, checkouts, billing and payments.",
    store: "Your store orders, carts, downloads and gift codes.",
    sessions: "The devices signed in to your account.",
    "vip-pass": "Your VIP pass.",
    perks: "The perks you revealed.",
    "offer-codes": "The codes you claimed.",
    rooms:
      "The community rooms you read or posted in (how far you read, what you are told of each), those you moderate, every message you wrote in them (the room, its number, the text and when) and every reaction you left (the room, the message's number and the emoji).",
    "live-shows": "The live shows you watched: when you started and last watched each, and for about how many seconds.",
    contests:
      "Your remix contest entries (title, note, status, duration, when you accepted the licence), the votes you cast, when you downloaded a contest's stems and the entries you were named a co-author of, with your answer.",
    waitlist: "Your places on waitlists for sold-out tickets, the tickets you handed back (and what you were refunded) and the offers made to you.",
    "check-ins": "Your check-ins at events.",
    tickets: "Your tickets.",
    consents: "Your newsletter subscription and the consents you gave.",
    reminders: "The events you asked to be reminded of.",
    "notify-me": "The coming releases and events you asked to be told about.",
    contact: "The messages you sent through the contact form.",
    notifications: "Your notifications, their settings and your browsers' push subscriptions.",
    "staff-activity": "What you did as an administrator or door staff.",
    chat: "Your VIP chat history.",
    export: "When this copy was made.",
  },
  fields: {
    id: "Id",
    userId: "Your account id",
    createdAt: "Created",
    updatedAt: "Last changed",
    email: "E-mail",
    username: "Username",
    content: "Text",
    title: "Title",
    name: "Name",
    status: "Status",
    locale: "Language",
    role: "Role",
    postId: "Post id",
    trackId: "Track id",
    eventId: "Event id",
    expiresAt: "Expires",
    usedAt: "Used",
    confirmedAt: "Confirmed",
    itemKind: "What it is (album, track or event)",
    itemId: "Which album, track or event",
    sentAt: "Told",
    lastSeenAt: "Last seen",
    currency: "Currency",
    totalCents: "Total (cents)",
    threadId: "Conversation",
  },
};

const PT_BR: Texts = {
  title: (brand) => `Seus dados do ${brand}`,
  intro: (brand, username, exportedAt) => `Tudo o que o ${brand} guarda sobre a conta ${username}, como estava em ${exportedAt}.`,
  howToRead: [
    "Cada arquivo .json guarda um tipo de dado: o nome de cada lista e, depois, suas linhas. Um programa consegue lê-los; esta página mostra as mesmas linhas em tabelas.",
    "Os nomes dos campos estão em camelCase (createdAt, userId); os mais comuns são explicados no cabeçalho de cada tabela.",
    'Todos os horários são instantes ISO 8601 em UTC, por exemplo "2026-11-24T11:44:20.047Z" (Z quer dizer UTC); esta página os mostra como data e hora em UTC.',
    "Campos de sim/não valem 1 (sim) ou 0 (não). Valores terminados em Cents estão em centavos da moeda da linha. Os ids são referências do próprio site.",
    "Senhas, chaves de sessão e os segredos dos links de acesso nunca são exportados, nem para você.",
  ],
  contents: "Conteúdo",
  pictures: "Suas imagens (a pasta images)",
  noRows: "Nada seu aqui.",
  moreRows: (count, file) => `…e mais ${count} linhas: veja ${file}.`,
  fileOfKind: (file) => `Arquivo: ${file}`,
  kinds: {
    account: "Sua conta: endereço, nome de usuário, idioma, funções, e as verificações de e-mail, trocas de senha e links de acesso que você pediu.",
    profile: "Seu perfil público.",
    posts: "Suas publicações e as imagens delas.",
    comments: "Seus comentários.",
    likes: "As publicações que você curtiu.",
    reports: "As publicações, os comentários e as mensagens de salas que você denunciou.",
    favorites: "Suas faixas favoritas.",
    playlists: "Suas playlists e as faixas delas.",
    plays: "As faixas que você ouviu.",
    payments: "Sua assinatura VIP, compras, cobranças e pagamentos.",
    store: "Seus pedidos na loja, carrinhos, downloads e vales-presente.",
    sessions: "Os aparelhos conectados à sua conta.",
    "vip-pass": "Seu passe VIP.",
    perks: "As vantagens que você revelou.",
    "offer-codes": "Os códigos que você resgatou.",
    rooms:
      "As salas da comunidade que você leu ou em que escreveu (até onde leu, o que recebe de cada uma), as que você modera, cada mensagem que você escreveu nelas (a sala, o número, o texto e quando) e cada reação que você deixou (a sala, o número da mensagem e o emoji).",
    "live-shows": "Os shows ao vivo que você assistiu: quando começou e quando assistiu por último a cada um, e por cerca de quantos segundos.",
    contests:
      "Suas inscrições em concursos de remix (título, nota, situação, duração, quando você aceitou a licença), os votos que você deu, quando você baixou as faixas (stems) de um concurso e as inscrições em que você foi nomeado coautor, com a sua resposta.",
    waitlist:
      "Seus lugares em listas de espera por ingressos esgotados, os ingressos que você devolveu (e o reembolso que recebeu) e as ofertas feitas a você.",
    "check-ins": "Suas entradas em eventos.",
    tickets: "Seus ingressos.",
    consents: "Sua inscrição na newsletter e os consentimentos que você deu.",
    reminders: "Os eventos de que você pediu lembrete.",
    "notify-me": "Os lançamentos e eventos futuros de que você pediu aviso.",
    contact: "As mensagens que você enviou pelo formulário de contato.",
    notifications: "Suas notificações, as configurações delas e as inscrições de push dos seus navegadores.",
    "staff-activity": "O que você fez como administrador ou equipe de entrada.",
    chat: "Seu histórico do chat VIP.",
    export: "Quando esta cópia foi feita.",
  },
  fields: {
    id: "Id",
    userId: "Id da sua conta",
    createdAt: "Criado em",
    updatedAt: "Alterado em",
    email: "E-mail",
    username: "Nome de usuário",
    content: "Texto",
    title: "Título",
    name: "Nome",
    status: "Situação",
    locale: "Idioma",
    role: "Função",
    postId: "Id da publicação",
    trackId: "Id da faixa",
    eventId: "Id do evento",
    expiresAt: "Expira em",
    usedAt: "Usado em",
    confirmedAt: "Confirmado em",
    itemKind: "O que é (álbum, faixa ou evento)",
    itemId: "Qual álbum, faixa ou evento",
    sentAt: "Avisado em",
    lastSeenAt: "Visto por último em",
    currency: "Moeda",
    totalCents: "Total (centavos)",
    threadId: "Conversa",
  },
};

const TEXTS: Record<Locale, Texts> = { en: EN, "pt-BR": PT_BR };

export const exportTexts = (locale: Locale): Texts => TEXTS[locale];

/** A field's name for people: its label when known, else its camelCase name split into words. */
export function fieldLabel(locale: Locale, field: string): string {
  const known = TEXTS[locale].fields[field];
  if (known) return known;
  const words = field.replace(/([a-z0-9])([A-Z])/g, "$1 $2").toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** README.txt: how to read the archive, what each file holds and the field names, in the member's language. */
export function exportReadme(locale: Locale, brand: string, files: string[]): string {
  const t = TEXTS[locale];
  const kindOf = (file: string) => file.replace(/\.json$/, "");
  const lines = [
    t.title(brand),
    "",
    ...t.howToRead,
    "",
    "index.html",
    ...files.map((file) => `${file}: ${t.kinds[kindOf(file)] ?? ""}`),
    "images/",
    "",
    ...Object.entries(t.fields).map(([field, label]) => `${field}: ${label}`),
  ];
  return `${lines.join("\n")}\n`;
}
