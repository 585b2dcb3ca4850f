// The member administration's words: accounts, roles, bans and the moderation queue's verdict on an author.
import type { AuditActionNames } from "./area";

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
