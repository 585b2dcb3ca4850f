// The newsletter's words: its contacts' and campaigns' audit actions, named in each language.
import type { AuditActionNames } from "./area";

export const auditActions = {
  "contacts.import": { en: "Newsletter contacts imported", "pt-BR": "Contatos da newsletter importados" },
  "contacts.export": { en: "Newsletter contacts exported", "pt-BR": "Contatos da newsletter exportados" },
  "campaign.create": { en: "Campaign created", "pt-BR": "Campanha criada" },
  "campaign.update": { en: "Campaign edited", "pt-BR": "Campanha editada" },
  "campaign.delete": { en: "Campaign deleted", "pt-BR": "Campanha excluída" },
  "campaign.image.upload": { en: "Campaign picture uploaded", "pt-BR": "Imagem da campanha enviada" },
  "campaign.send": { en: "Campaign sent", "pt-BR": "Campanha enviada" },
  "campaign.schedule": { en: "Campaign scheduled", "pt-BR": "Campanha agendada" },
  "campaign.cancel": { en: "Campaign cancelled", "pt-BR": "Campanha cancelada" },
  "campaign.pause": { en: "Campaign paused", "pt-BR": "Campanha pausada" },
  "campaign.resume": { en: "Campaign resumed", "pt-BR": "Campanha retomada" },
} as const satisfies AuditActionNames;
