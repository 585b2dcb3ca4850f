// The Promotion codes tab: Add code, then the codes with their discount, scope, who may use them
// (VIPs only or everyone), the perk they come from, uses against the cap, and when they work;
// each row edits or deletes (after a question).
import { useState } from "react";
import { useMutation, useQuery } from "@tanstack/react-query";
import { useIntl } from "react-intl";
import { ConfirmDialog } from "../../../components/ConfirmDialog";
import { EmptyState } from "../../../components/EmptyState";
import { QueryState } from "../../../components/QueryState";
import type { AdminPromoCode, AdminPromoCodesResponse } from "#contracts/store/admin.ts";
import { failureText } from "./errors";
import { SCOPE_LABELS, storeAdminMessages as m } from "./messages";
import { PromoFormDialog } from "./PromoFormDialog";
import { adminPromoCodesQueryOptions, storeApi, useStoreRefresh } from "./queries";
import { ActionOutcome } from "../components/ActionOutcome";

type Dialog = { kind: "create" } | { kind: "edit" | "delete"; promo: AdminPromoCode } | null;
const when: Intl.DateTimeFormatOptions = { dateStyle: "medium", timeStyle: "short" };

export function PromoCodesPanel() {
  const intl = useIntl();
  const query = useQuery(adminPromoCodesQueryOptions());
  const [dialog, setDialog] = useState<Dialog>(null);
  const [done, setDone] = useState("");
  const open = (next: Dialog) => {
    setDone("");
    setDialog(next);
  };
  const finish = (message: string) => {
    setDone(message);
    setDialog(null);
  };

  return (
    <div className="admin-store-promos">
      <div className="admin-store-toolbar">
        <p className="muted">{intl.formatMessage(m.promosIntro)}</p>
        <button type="button" className="btn btn-primary" onClick={() => open({ kind: "create" })}>
          {intl.formatMessage(m.addPromo)}
        </button>
      </div>
      <ActionOutcome done={done} />
      <QueryState
        query={query}
        loading={intl.formatMessage(m.promosLoading)}
        failed={intl.formatMessage(m.promosLoadFailed)}
        retry={intl.formatMessage(m.retry)}
      >
        {(data) =>
          data.promoCodes.length === 0 ? (
            <EmptyState icon="ticket" title={intl.formatMessage(m.promosEmpty)} hint={intl.formatMessage(m.promosEmptyHint)} />
          ) : (
            <PromoTable data={data} onAction={(kind, promo) => open({ kind, promo })} />
          )
        }
      </QueryState>
      {dialog?.kind === "create" && (
        <PromoFormDialog perks={query.data?.perks ?? []} onClose={() => setDialog(null)} onSaved={() => finish(intl.formatMessage(m.promoCreated))} />
      )}
      {dialog?.kind === "edit" && (
        <PromoFormDialog
          promo={dialog.promo}
          perks={query.data?.perks ?? []}
          onClose={() => setDialog(null)}
          onSaved={() => finish(intl.formatMessage(m.promoSaved))}
        />
      )}
      {dialog?.kind === "delete" && (
        <DeletePromo promo={dialog.promo} onClose={() => setDialog(null)} onDone={() => finish(intl.formatMessage(m.promoDeleted))} />
      )}
    </div>
  );
}

function PromoTable({ data, onAction }: { data: AdminPromoCodesResponse; onAction: (kind: "edit" | "delete", promo: AdminPromoCode) => void }) {
  const intl = useIntl();
  const window = (p: AdminPromoCode) =>
    p.startsAt || p.endsAt
      ? intl.formatMessage(m.promoWindow, {
          start: p.startsAt ? intl.formatDate(p.startsAt, when) : "…",
          end: p.endsAt ? intl.formatDate(p.endsAt, when) : "…",
        })
      : intl.formatMessage(m.promoAlways);
  return (
    <div className="table-wrap">
      <table className="table admin-store-table">
        <caption className="sr-only">{intl.formatMessage(m.promosCaption)}</caption>
        <thead>
          <tr>
            <th scope="col">{intl.formatMessage(m.colCode)}</th>
            <th scope="col">{intl.formatMessage(m.colDiscount)}</th>
            <th scope="col">{intl.formatMessage(m.colWho)}</th>
            <th scope="col">{intl.formatMessage(m.colUses)}</th>
            <th scope="col">{intl.formatMessage(m.colWhen)}</th>
            <th scope="col">{intl.formatMessage(m.colActions)}</th>
          </tr>
        </thead>
        <tbody>
          {data.promoCodes.map((p) => (
            <tr key={p.code}>
              <th scope="row">
                <code>{p.code}</code>
                {p.perkTitle && <span className="admin-store-sub">{intl.formatMessage(m.promoFromPerk, { perk: p.perkTitle })}</span>}
              </th>
              <td>{intl.formatMessage(m.promoDiscount, { pct: p.percentOff, scope: intl.formatMessage(SCOPE_LABELS[p.scope]) })}</td>
              <td>{intl.formatMessage(p.vipOnly ? m.promoVipOnly : m.promoEveryone)}</td>
              <td>{p.maxUses === null ? intl.formatNumber(p.uses) : intl.formatMessage(m.promoUses, { uses: p.uses, max: p.maxUses })}</td>
              <td>{window(p)}</td>
              <td>
                <div className="admin-store-actions">
                  <button
                    type="button"
                    className="btn btn-ghost btn-sm"
                    aria-label={intl.formatMessage(m.promoEditNamed, { code: p.code })}
                    onClick={() => onAction("edit", p)}
                  >
                    {intl.formatMessage(m.edit)}
                  </button>
                  <button
                    type="button"
                    className="btn btn-danger btn-sm"
                    aria-label={intl.formatMessage(m.promoDeleteNamed, { code: p.code })}
                    onClick={() => onAction("delete", p)}
                  >
                    {intl.formatMessage(m.delete)}
                  </button>
                </div>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function DeletePromo({ promo, onClose, onDone }: { promo: AdminPromoCode; onClose: () => void; onDone: () => void }) {
  const intl = useIntl();
  const refresh = useStoreRefresh();
  const mutation = useMutation({ mutationFn: () => storeApi.deletePromo(promo.code), onSettled: refresh });
  return (
    <ConfirmDialog
      title={intl.formatMessage(m.promoDeleteTitle)}
      cancelLabel={intl.formatMessage(m.cancel)}
      confirmLabel={intl.formatMessage(m.confirmDelete)}
      busyLabel={intl.formatMessage(m.deleting)}
      busy={mutation.isPending}
      error={mutation.isError ? intl.formatMessage(failureText(mutation.error)) : undefined}
      onConfirm={() => mutation.mutate(undefined, { onSuccess: onDone })}
      onClose={onClose}
      className="admin-dialog"
    >
      <p>{intl.formatMessage(m.promoDeleteQuestion, { code: promo.code, uses: promo.uses })}</p>
    </ConfirmDialog>
  );
}
