// The mail with a one-time sign-in link, sent to the owner of an account whose sign-ins are being
// slowed down (decision 038), in the account's language (users.locale).
import type { Locale } from "#contracts/locale.ts";
import type { MailMessage } from "./types";

type Input = { to: string; link: string; brandName: string; validMinutes: number };

const TEXTS: Record<Locale, (i: Input) => { subject: string; lines: string[] }> = {
  en: ({ brandName }) => ({
    subject: `Sign in to ${brandName}`,
    lines: [
      "Hello,",
      "",
      `Someone has typed the wrong password for your ${brandName} account many times, so signing in`,
      "with a password is being slowed down for a while.",
      "If that was you, or you simply want to get in now, open this link to sign in without a password:",
    ],
  }),
  "pt-BR": ({ brandName }) => ({
    subject: `Entrar em ${brandName}`,
    lines: [
      "Olá,",
      "",
      `Alguém digitou a senha errada da sua conta ${brandName} muitas vezes, então entrar com senha`,
      "ficará mais lento por um tempo.",
      "Se foi você, ou se você quer entrar agora, abra este link para entrar sem senha:",
    ],
  }),
};

const CLOSING: Record<Locale, (i: Input) => string[]> = {
  en: ({ validMinutes }) => [
    `The link works once and expires in ${validMinutes} minutes.`,
    "If it was not you, your account is safe as long as your password is strong; you may want to change it.",
  ],
  "pt-BR": ({ validMinutes }) => [
    `O link funciona uma vez e expira em ${validMinutes} minutos.`,
    "Se não foi você, sua conta está segura enquanto sua senha for forte; talvez seja bom trocá-la.",
  ],
};

export function signInLinkMail(locale: Locale, input: Input): MailMessage {
  const { subject, lines } = TEXTS[locale](input);
  const text = [...lines, "", input.link, "", ...CLOSING[locale](input), "", `— ${input.brandName}`].join("\n");
  return { to: input.to, subject, text };
}
