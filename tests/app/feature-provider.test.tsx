// A feature's provider is no file of its own: `import XMessages from "./messages?feature"` is made
// by the english-messages Vite plugin from the folder's two catalogs (English from the source's
// defaultMessages, Portuguese from messages.pt-BR.json), and a kit's provider nests around it.
import { cleanup, render, screen } from "@testing-library/react";
import { useIntl } from "react-intl";
import { afterEach, describe, expect, it } from "vitest";
import AdminFormMessages from "../../app/features/admin/components/form/messages?feature";
import RedeemMessages from "../../app/features/redeem/messages?feature";
import { SharedIntlProvider } from "../../app/i18n/SharedIntlProvider";

afterEach(cleanup);

function Texts() {
  const intl = useIntl();
  return (
    <p>
      {intl.formatMessage({ id: "redeem.loading" })} | {intl.formatMessage({ id: "adminForm.cancel" })}
    </p>
  );
}

function renderIn(locale: string) {
  render(
    <SharedIntlProvider locale={locale} messages={{}} onError={() => {}}>
      <AdminFormMessages>
        <RedeemMessages>
          <Texts />
        </RedeemMessages>
      </AdminFormMessages>
    </SharedIntlProvider>,
  );
}

describe("a feature's provider made from its folder", () => {
  it("gives the feature's English, read from its defaultMessages, and the kit's around it", () => {
    renderIn("en");
    expect(screen.getByText("Loading... | Cancel")).toBeTruthy();
  });

  it("gives the feature's Portuguese from its messages.pt-BR.json", () => {
    renderIn("pt-BR");
    expect(screen.getByText("Carregando... | Cancelar")).toBeTruthy();
  });
});
