// The mail with a one-time link that adds what was bought as a guest with this address to the
// collection of the member who asked for it (decision 054), in that member's language. It never
// says whether the address bought anything: the page does, once the link proves the address.
import type { Locale } from "#contracts/locale.ts";
import type { MailMessage } from "./types";
import { mailDateTime } from "./format";

type Input = { to: string; link: string; brandName: string; username: string; expiresAt: Date };

const TEXTS: Record<Locale, (i: Input, until: string) => { subject: string; lines: string[] }> = {
  en: ({ brandName, username }, until) => ({
    subject: `Add your ${brandName} purchases to your collection`,
    lines: [
      "Hello,",
      "",
      `The member ${username} asked to add to their ${brandName} collection whatever was bought in the store with this address`,
      "without an account: downloads, orders and gift codes.",
      "",
      "If that is you, open this link while signed in as them:",
      "",
      "{link}",
      "",
      `The link works once, until ${until}.`,
      "If you did not ask for this, ignore this mail: nothing changes.",
    ],
  }),
  "pt-BR": ({ brandName, username }, until) => ({
    subject: `Adicione suas compras de ${brandName} à sua coleção`,
    lines: [
      "Olá,",
      "",
      `O membro ${username} pediu para adicionar à coleção dele em ${brandName} o que foi comprado na loja com este endereço`,
      "sem uma conta: downloads, pedidos e códigos de presente.",
      "",
      "Se é você, abra este link com a sessão dele aberta:",
      "",
      "{link}",
      "",
      `O link funciona uma vez, até ${until}.`,
      "Se você não pediu isso, ignore este e-mail: nada muda.",
    ],
  }),
};

export function storeClaimMail(locale: Locale, input: Input): MailMessage {
  const { subject, lines } = TEXTS[locale](input, mailDateTime(locale, input.expiresAt));
  const text = [...lines.map((line) => (line === "{link}" ? input.link : line)), "", `— ${input.brandName}`].join("\n");
  return { to: input.to, subject, text };
}
