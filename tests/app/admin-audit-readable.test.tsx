// The audit log reads as words and local times in both languages: each action code the Worker
// writes has a name (never the raw "campaign.send"), and every time in an entry's details (an ISO
// instant, epoch milliseconds under a time field, either nested in an object) is shown in the
// admin's language and time zone, never as "2026-11-24T11:44:20.047Z" or 1795520108496.
import { cleanup, render, screen, within } from "@testing-library/react";
import { IntlProvider } from "react-intl";
import { afterEach, describe, expect, it } from "vitest";
import { AuditTable } from "../../app/features/admin/audit/AuditTable";
import { AuditFilters } from "../../app/features/admin/audit/AuditFilters";
import en from "../../app/features/admin/messages?english";
import ptBR from "../../app/features/admin/messages.pt-BR.json";
import type { AuditEntryView } from "../../worker/contracts/admin/admin";
import { AUDIT_ACTIONS } from "../../worker/contracts/audit-actions";
import { AUDIT_ACTION_NAMES } from "../../worker/contracts/areas/words";

afterEach(cleanup);

type Locale = "en" | "pt-BR";
const CATALOGS: Record<Locale, Record<string, string>> = { en, "pt-BR": ptBR };

const SENT_AT = "2026-11-24T11:44:20.047Z";
const SALE_START_MS = Date.UTC(2026, 11, 1, 14, 0);
const SHIPPED_AT = "2026-11-25T09:05:00.000Z";

const entry = (id: number, action: string, summary: AuditEntryView["summary"]): AuditEntryView => ({
  id,
  actorId: "a1",
  actorEmail: "admin@example.com",
  action,
  targetType: "thing",
  targetId: null,
  summary,
  createdAt: "2026-11-24T11:44:20.047Z",
});

const ENTRIES = [
  entry(1, "campaign.send", { after: { at: SENT_AT } }),
  entry(2, "event.update", { before: { ticketSaleStart: null }, after: { ticketSaleStart: SALE_START_MS } }),
  entry(3, "store.order.ship", { after: { shipping: { at: SHIPPED_AT } } }),
  entry(4, "user.ban", { before: { status: "active" }, after: { status: "banned" } }),
];

const moment = (locale: Locale, at: string | number) => new Intl.DateTimeFormat(locale, { dateStyle: "medium", timeStyle: "short" }).format(new Date(at));

function renderTable(locale: Locale, entries: AuditEntryView[]) {
  render(
    <IntlProvider locale={locale} messages={CATALOGS[locale]} defaultLocale="en">
      <AuditTable entries={entries} />
    </IntlProvider>,
  );
  return screen.getByRole("table");
}

const RAW_ISO = /\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;
const RAW_EPOCH = /\d{12,}/;

describe.each([
  { locale: "en" as const, names: ["Campaign sent", "Event edited", "Order marked shipped", "Member banned"] },
  { locale: "pt-BR" as const, names: ["Campanha enviada", "Evento editado", "Pedido marcado como enviado", "Membro banido"] },
])("the audit table in $locale", ({ locale, names }) => {
  it("names every action and shows no raw code", () => {
    const table = renderTable(locale, ENTRIES);
    const rows = within(table).getAllByRole("row").slice(1);
    expect(rows.map((row) => within(row).getAllByRole("cell")[2]!.textContent)).toEqual(names);
    for (const code of AUDIT_ACTIONS) expect(table.textContent, code).not.toContain(code);
  });

  it("shows every time in the details in the admin's language and zone, never as ISO text or epoch ms", () => {
    const table = renderTable(locale, ENTRIES);
    expect(table.textContent).not.toMatch(RAW_ISO);
    expect(table.textContent).not.toMatch(RAW_EPOCH);
    expect(within(table).getByText(`at: ${moment(locale, SENT_AT)}`)).toBeTruthy();
    expect(within(table).getByText(`ticketSaleStart: — → ${moment(locale, SALE_START_MS)}`)).toBeTruthy();
    expect(within(table).getByText(`shipping: {"at":"${moment(locale, SHIPPED_AT)}"}`)).toBeTruthy();
  });

  it("names the actions in the filter too, keeping the code as the value sent", () => {
    render(
      <IntlProvider locale={locale} messages={CATALOGS[locale]} defaultLocale="en">
        <AuditFilters filters={{}} actions={["campaign.send", "user.ban"]} admins={[]} onChange={() => {}} />
      </IntlProvider>,
    );
    const options = within(screen.getByRole("combobox", { name: locale === "en" ? "Action" : "Ação" })).getAllByRole("option");
    expect(options.slice(1).map((o) => [o.textContent, (o as HTMLOptionElement).value])).toEqual([
      [names[0], "campaign.send"],
      [names[3], "user.ban"],
    ]);
  });
});

describe("audit action names", () => {
  it("every code the Worker writes has its own name in both languages, and no name is a code", () => {
    for (const code of AUDIT_ACTIONS) {
      for (const name of Object.values(AUDIT_ACTION_NAMES[code])) {
        expect(name, code).toBeTruthy();
        expect(name).not.toMatch(/^[a-z_]+\.[a-z_.]+$/);
      }
    }
    for (const locale of ["en", "pt-BR"] as const)
      expect(new Set(AUDIT_ACTIONS.map((code) => AUDIT_ACTION_NAMES[code][locale])).size, locale).toBe(AUDIT_ACTIONS.length);
  });

  it("a stored code this version does not know (an older row) shows as stored", () => {
    const table = renderTable("pt-BR", [entry(1, "retired.action", {})]);
    expect(within(table).getAllByRole("row")[1]!.textContent).toContain("retired.action");
  });
});
