// The member administration's words: accounts, roles, bans and the moderation queue's verdict on an author.
// And the codes its routes and forms refuse with, each with its English (decision 181).
import type { AuditActionNames, NotificationKinds, RouteCodeWords, ValidationCodeWords } from "./area";
import { USER_ADMIN_MESSAGES } from "../admin/users-limits.ts";
import { BAN_REASON_MAX, SUSPENSION_MESSAGES } from "../suspension.ts";

export const auditActions = {
  "user.invite": { en: "Member invited", "pt-BR": "Membro convidado" },
  "user.grant_admin": { en: "Made administrator", "pt-BR": "Tornado administrador" },
  "user.revoke_admin": { en: "Administrator role removed", "pt-BR": "Função de administrador removida" },
  "user.grant_comp": { en: "Complimentary VIP given", "pt-BR": "VIP cortesia concedido" },
  "user.remove_comp": { en: "Complimentary VIP removed", "pt-BR": "VIP cortesia removido" },
  "user.grant_door_staff": { en: "Made door staff", "pt-BR": "Incluído na equipe de entrada" },
  "user.revoke_door_staff": { en: "Door staff role removed", "pt-BR": "Removido da equipe de entrada" },
  "user.ban": { en: "Member banned", "pt-BR": "Membro banido" },
  "user.ban_edit": { en: "Ban changed", "pt-BR": "Banimento alterado" },
  "user.unban": { en: "Ban lifted", "pt-BR": "Banimento encerrado" },
  "reports.resolve_author": { en: "Reported author banned", "pt-BR": "Autor denunciado banido" },
} as const satisfies AuditActionNames;

/** The notifications it sends: how loudly each arrives, its line in the settings and its sentence in the centre. */
export const notificationKinds = {
  payment_failed: {
    urgent: true,
    loud: false,
    label: { en: "Failed VIP payments", "pt-BR": "Falhas no pagamento do VIP" },
    text: {
      en: "Your VIP payment failed — update your card",
      "pt-BR": "O pagamento do seu VIP falhou — atualize seu cartão",
    },
    push: {
      en: () => ({ title: "Your VIP payment failed", body: "Update your card to keep your VIP membership." }),
      "pt-BR": () => ({ title: "O pagamento do seu VIP falhou", body: "Atualize seu cartão para manter sua assinatura VIP." }),
    },
  },
  renewal_soon: {
    urgent: false,
    loud: false,
    label: { en: "VIP renewal reminders", "pt-BR": "Lembretes de renovação do VIP" },
    text: {
      en: "Your VIP membership renews on {date}",
      "pt-BR": "Sua assinatura VIP será renovada em {date}",
    },
    push: {
      en: ({ params, format }) => ({ title: "Your VIP membership renews soon", body: `It renews on ${format.date(params.at)}.` }),
      "pt-BR": ({ params, format }) => ({ title: "Sua assinatura VIP renova em breve", body: `Ela renova em ${format.date(params.at)}.` }),
    },
  },
  /** My membership began, or a gift of it I redeemed (a tier above VIP by its names, decision 116). */
  vip_granted: {
    urgent: false,
    loud: false,
    label: { en: "VIP membership granted", "pt-BR": "Assinatura VIP concedida" },
    text: {
      en: "{gift, select, until {Your gift of VIP is redeemed: you are VIP until {date}} yes {Your gift of VIP is redeemed} other {You are VIP now}}",
      "pt-BR":
        "{gift, select, until {Seu presente de VIP foi resgatado: você é VIP até {date}} yes {Seu presente de VIP foi resgatado} other {Agora você é VIP}}",
    },
    push: {
      // A redeemed gift says until when, by the tier's name when it is one above VIP.
      en: ({ params, brandName, format }) => {
        if (params.gift && params.tierEn)
          return {
            title: `Your gift of ${params.tierEn} is redeemed`,
            body: params.at ? `Your ${params.tierEn} membership runs until ${format.date(params.at)}.` : `Your ${params.tierEn} membership goes on.`,
          };
        if (params.gift)
          return { title: "Your gift of VIP is redeemed", body: params.at ? `You are VIP until ${format.date(params.at)}.` : "Your VIP goes on." };
        return { title: "You are VIP now", body: `Welcome to ${brandName} VIP.` };
      },
      "pt-BR": ({ params, brandName, format }) => {
        if (params.gift && params.tierPtBR)
          return {
            title: `Seu presente de ${params.tierPtBR} foi resgatado`,
            body: params.at ? `Sua assinatura ${params.tierPtBR} vai até ${format.date(params.at)}.` : `Sua assinatura ${params.tierPtBR} continua.`,
          };
        if (params.gift)
          return { title: "Seu presente de VIP foi resgatado", body: params.at ? `Você é VIP até ${format.date(params.at)}.` : "Seu VIP continua." };
        return { title: "Agora você é VIP", body: `Boas-vindas ao VIP de ${brandName}.` };
      },
    },
  },
  /** My membership ended, a redeemed gift's too. */
  vip_ended: {
    urgent: true,
    loud: false,
    label: { en: "VIP membership ended", "pt-BR": "Fim da assinatura VIP" },
    text: {
      en: "{gift, select, yes {Your gifted VIP ended} other {Your VIP membership ended}}",
      "pt-BR": "{gift, select, yes {Seu VIP de presente terminou} other {Sua assinatura VIP terminou}}",
    },
    push: {
      en: ({ params }) => {
        if (params.gift && params.tierEn) return { title: `Your gifted ${params.tierEn} ended`, body: "You can join again at any time." };
        if (params.gift) return { title: "Your gifted VIP ended", body: "You can become VIP again at any time." };
        return { title: "Your VIP membership ended", body: "You can join again at any time." };
      },
      "pt-BR": ({ params }) => {
        if (params.gift && params.tierPtBR) return { title: `Seu ${params.tierPtBR} de presente terminou`, body: "Você pode voltar quando quiser." };
        if (params.gift) return { title: "Seu VIP de presente terminou", body: "Você pode voltar a ser VIP quando quiser." };
        return { title: "Sua assinatura VIP terminou", body: "Você pode voltar quando quiser." };
      },
    },
  },
  /** Someone redeemed the gift of a membership I bought. */
  gift_redeemed: {
    urgent: false,
    loud: false,
    label: { en: "Gifts of VIP I gave, when redeemed", "pt-BR": "Presentes de VIP que dei, quando resgatados" },
    text: {
      en: "{actor} redeemed your gift of VIP on {date}",
      "pt-BR": "{actor} resgatou seu presente de VIP em {date}",
    },
    push: {
      en: ({ actor, params, format }) => ({
        title: "Your gift was redeemed",
        body: `${actor ?? "Someone"} redeemed your gift of ${params.tierEn ?? "VIP"} on ${format.date(params.at)}.`,
      }),
      "pt-BR": ({ actor, params, format }) => ({
        title: "Seu presente foi resgatado",
        body: `${actor ?? "Alguém"} resgatou seu presente de ${params.tierPtBR ?? "VIP"} em ${format.date(params.at)}.`,
      }),
    },
  },
} as const satisfies NotificationKinds;

/** The refusals its routes answer besides the form rules: each code's status and English text (worker/contracts/route-codes.ts gathers them). */
export const routeCodes = {
  user_not_found: { status: 404, en: USER_ADMIN_MESSAGES.userNotFound },
  last_admin: { status: 409, en: USER_ADMIN_MESSAGES.lastAdmin },
  self_demotion: { status: 409, en: USER_ADMIN_MESSAGES.selfDemotion },
  self_ban: { status: 409, en: USER_ADMIN_MESSAGES.selfBan },
} as const satisfies RouteCodeWords;

/** The rules a person can break in its forms: each code's English text and the values it names (worker/contracts/validation-codes.ts gathers them). */
export const validationCodes = {
  // The back office's ban form: a reason and an end (or permanent)
  ban_reason_required: { message: SUSPENSION_MESSAGES.reasonRequired },
  ban_reason_too_long: { message: SUSPENSION_MESSAGES.reasonTooLong, params: { max: BAN_REASON_MAX } },
  ban_until_invalid: { message: SUSPENSION_MESSAGES.untilInvalid },
  ban_until_past: { message: SUSPENSION_MESSAGES.untilPast },
} as const satisfies ValidationCodeWords;
