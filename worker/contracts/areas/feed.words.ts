// The feed's words: the moderation of its posts and comments, named in each language.
import type { AuditActionNames } from "./area";

export const auditActions = {
  "post.hide": { en: "Post hidden", "pt-BR": "Post ocultado" },
  "post.unhide": { en: "Post shown again", "pt-BR": "Post exibido de novo" },
  "post.delete": { en: "Post deleted", "pt-BR": "Post excluído" },
  "post.reports_dismiss": { en: "Post reports dismissed", "pt-BR": "Denúncias do post descartadas" },
  "comment.hide": { en: "Comment hidden", "pt-BR": "Comentário ocultado" },
  "comment.unhide": { en: "Comment shown again", "pt-BR": "Comentário exibido de novo" },
  "comment.delete": { en: "Comment deleted", "pt-BR": "Comentário excluído" },
  "comment.reports_dismiss": { en: "Comment reports dismissed", "pt-BR": "Denúncias do comentário descartadas" },
} as const satisfies AuditActionNames;
