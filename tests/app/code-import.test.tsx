// The code import dialog shared by presales and perks: a file → the column the server suggests,
// with the first rows → Import with the chosen column, piece by piece → what was added and which
// rows could not be used, in the admin's language; a file that is not a CSV is said so.
import { createRoute } from "@tanstack/react-router";
import { cleanup, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { CodeImportDialog } from "../../app/features/admin/components/code-import/CodeImportDialog";
import type { OfferCodeImportBody, OfferCodeImportResponse, OfferCodePreviewResponse } from "../../worker/contracts/offer-codes";
import { apiError, createTestRoot, json, mockApi, renderApp } from "./accounts-harness";

const BASE = "/api/admin/events/e1/presale-codes";
const PREVIEW: OfferCodePreviewResponse = { columns: ["Order", "Access Code"], delimiter: ",", column: 1, rows: [["1", "AB-1"]], rowCount: 3 };
const RESULT: OfferCodeImportResponse = { rows: 3, added: 2, alreadyStored: 0, invalid: 1, issues: [{ row: 4, code: "invalid_code", value: "has space" }] };

function setup({ preview = () => json(200, PREVIEW) }: { preview?: () => Response } = {}) {
  const imports: OfferCodeImportBody[] = [];
  mockApi({
    "GET /api/auth/me": json(200, { user: null }),
    [`POST ${BASE}/preview`]: () => preview(),
    [`POST ${BASE}/import`]: async (request) => {
      imports.push((await request.json()) as OfferCodeImportBody);
      return json(200, RESULT);
    },
  });
  const onImported = vi.fn();
  const root = createTestRoot();
  const page = createRoute({
    getParentRoute: () => root,
    path: "/codes",
    component: () => <CodeImportDialog title="Presale codes" apiBase={BASE} onClose={() => {}} onImported={onImported} />,
  });
  return { imports, onImported, root: root.addChildren([page]) };
}

async function choose(label: string, text: string) {
  const dialog = await screen.findByRole("dialog");
  fireEvent.change(within(dialog).getByLabelText(label), { target: { files: [new File([text], "codes.csv", { type: "text/csv" })] } });
}

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe("CodeImportDialog", () => {
  it("imports the chosen column and tells what was added and which rows were not used", async () => {
    const { imports, onImported, root } = setup();
    renderApp(root, "/codes");
    await choose("CSV file of codes", "Order,Access Code\n1,AB-1\n2,AB-2\n3,has space\n");
    const column = await screen.findByLabelText("Column with the codes");
    expect((column as HTMLSelectElement).value).toBe("1");
    fireEvent.click(screen.getByRole("button", { name: "Import codes" }));
    await waitFor(() => expect(screen.getByText("Row 4: not a code (letters, digits and - _ . : / # + only, no spaces) (“has space”)")).toBeTruthy());
    expect(imports).toEqual([{ csv: "Order,Access Code\r\n1,AB-1\r\n2,AB-2\r\n3,has space", column: 1, firstRow: 2 }]);
    expect(onImported).toHaveBeenCalledTimes(1);
    expect(within(screen.getByRole("region", { name: "Import results" })).getByText("Codes added").nextSibling?.textContent).toBe("2");
  });

  it("says in Portuguese when the file is not a CSV, and imports nothing", async () => {
    const { imports, root } = setup({ preview: () => apiError(400, "not_csv", "This file is not a CSV file") });
    renderApp(root, "/codes", { locale: "pt-BR" });
    await choose("Arquivo CSV de códigos", "\u0000binary");
    expect((await screen.findByRole("alert")).textContent).toBe("Não foi possível ler este arquivo como CSV com uma linha de cabeçalho.");
    expect(imports).toEqual([]);
  });
});
