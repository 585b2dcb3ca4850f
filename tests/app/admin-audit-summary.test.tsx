// The audit log's summaries in the admin's language: a structured detail (kind + parameters) and the
// changed fields' names and plain values are rendered from the admin catalogs; an older row, with
// only its English note, still shows that note.
import { cleanup, render, screen } from "@testing-library/react";
import { IntlProvider } from "react-intl";
import { afterEach, describe, expect, it } from "vitest";
import { AuditTable } from "../../app/features/admin/audit/AuditTable";
import en from "../../app/features/admin/messages?english";
import ptBR from "../../app/features/admin/messages.pt-BR.json";
import type { AuditEntryView } from "../../worker/contracts/admin/admin";
import { AUDIT_DETAIL_KINDS, auditDetail, type AuditDetail } from "../../worker/contracts/audit-detail";

afterEach(cleanup);

const entry = (id: number, summary: AuditEntryView["summary"]): AuditEntryView => ({
  id,
  actorId: "a1",
  actorEmail: "admin@example.com",
  action: "test.action",
  targetType: "thing",
  targetId: null,
  summary,
  createdAt: "2026-05-01T12:00:00.000Z",
});

function renderTable(locale: "en" | "pt-BR", entries: AuditEntryView[]) {
  render(
    <IntlProvider locale={locale} messages={locale === "en" ? en : ptBR} defaultLocale="en">
      <AuditTable entries={entries} />
    </IntlProvider>,
  );
}

// Every kind a writer stores (worker/contracts/audit-detail.ts), with its text in each language.
const KINDS: [AuditDetail, string, string][] = [
  [{ kind: "account", email: "fan@example.com" }, "Account: fan@example.com", "Conta: fan@example.com"],
  [{ kind: "album_tracks_retired", count: 2 }, "2 tracks retired; their plays are kept", "2 faixas retiradas; as reproduções foram mantidas"],
  [{ kind: "ticket_csv_import", firstRow: 2, lastRow: 8 }, "CSV import, file rows 2-8", "Importação de CSV, linhas 2-8 do arquivo"],
  [{ kind: "contacts_csv_import", part: 1, parts: 3 }, "CSV import, part 1 of 3", "Importação de CSV, parte 1 de 3"],
  [{ kind: "perk_deleted", reveals: 1, codes: 2, claimed: 1 }, "1 reveal and 2 codes (1 handed out) deleted", "1 revelação e 2 códigos (1 entregue) excluídos"],
  [{ kind: "store_product_deleted", pictures: 2, variants: 1 }, "2 pictures and 1 size or colour deleted", "2 fotos e 1 tamanho ou cor excluídos"],
  [{ kind: "store_stock_adjusted", sku: "TEE-M", delta: -3 }, "Stock of TEE-M -3", "Estoque de TEE-M -3"],
  [{ kind: "moderation_deleted" }, "Deleted from the moderation queue", "Excluído pela fila de moderação"],
  [{ kind: "moderation_author_banned" }, "Author banned from the moderation queue", "Autor banido pela fila de moderação"],
  [
    { kind: "event_texts_changed", fields: ["description", "joinUrl"] },
    "description changed and join link changed",
    "descrição alterada e link de acesso alterado",
  ],
  [
    { kind: "suspension", change: "ban", email: "fan@example.com", reason: "Spam", until: null },
    "fan@example.com: suspended (permanent). Reason: Spam",
    "fan@example.com: suspensão aplicada (permanente). Motivo: Spam",
  ],
  [
    { kind: "suspension", change: "lift", email: "fan@example.com", reason: "Spam", until: null },
    "fan@example.com: suspension lifted (permanent). Reason: Spam",
    "fan@example.com: suspensão encerrada (permanente). Motivo: Spam",
  ],
];

it("renders a timed suspension's end in the admin's language and time zone", () => {
  const until = "2026-12-24T15:30:00.000Z";
  const detail: AuditDetail = { kind: "suspension", change: "edit", email: "fan@example.com", reason: "Spam", until };
  const at = (locale: string) => new Intl.DateTimeFormat(locale, { dateStyle: "medium", timeStyle: "short" }).format(new Date(until));
  renderTable("en", [entry(1, auditDetail(detail))]);
  expect(screen.getByText(`fan@example.com: suspension changed (until ${at("en")}). Reason: Spam`)).toBeTruthy();
  cleanup();
  renderTable("pt-BR", [entry(1, auditDetail(detail))]);
  expect(screen.getByText(`fan@example.com: suspensão alterada (até ${at("pt-BR")}). Motivo: Spam`)).toBeTruthy();
});

describe("audit summaries per language", () => {
  it("has a sample of every kind an area declares (worker/contracts/areas/, auditNotes)", () => {
    expect(new Set(KINDS.map(([detail]) => detail.kind))).toEqual(new Set(AUDIT_DETAIL_KINDS));
  });

  for (const [detail, english, portuguese] of KINDS) {
    it(`renders ${detail.kind} in en and pt-BR`, () => {
      renderTable("en", [entry(1, auditDetail(detail))]);
      expect(screen.getByText(english)).toBeTruthy();
      cleanup();
      renderTable("pt-BR", [entry(1, auditDetail(detail))]);
      expect(screen.getByText(portuguese)).toBeTruthy();
    });
  }

  it("names the changed fields and plain values in pt-BR ('type: Album' → 'tipo: Álbum', yes/no)", () => {
    renderTable("pt-BR", [
      entry(1, { before: null, after: { title: "Hit", type: "Album" } }),
      entry(2, { before: { isAdmin: false }, after: { isAdmin: true } }),
      entry(3, { before: { oddField: "a" }, after: { oddField: "b" } }),
    ]);
    expect(screen.getByText("título: Hit")).toBeTruthy();
    expect(screen.getByText("tipo: Álbum")).toBeTruthy();
    expect(screen.getByText("administrador: não → sim")).toBeTruthy();
    // A field the page has no label for keeps its stored name.
    expect(screen.getByText("oddField: a → b")).toBeTruthy();
  });

  it("shows an older row's stored English note, and the note of a kind it does not know", () => {
    renderTable("pt-BR", [
      entry(1, { note: "CSV import, file rows 2-8" }),
      entry(2, { note: "from a newer writer", detail: { kind: "not_yet_known" } as unknown as AuditDetail }),
    ]);
    expect(screen.getByText("CSV import, file rows 2-8")).toBeTruthy();
    expect(screen.getByText("from a newer writer")).toBeTruthy();
  });
});
