import { createFileRoute, useNavigate } from "@tanstack/react-router";
import { defineMessages, FormattedMessage } from "react-intl";
import type { Currency } from "#contracts/store/model.ts";
import { PageFrame } from "../../components/PageFrame";
import { adminTimeZone } from "../../features/admin/queries";
import { DEFAULT_PRESET, isRevenuePreset, presetRange, todayIn, type RevenuePreset } from "../../features/admin/revenue/periods";
import { revenueQueryOptions } from "../../features/admin/revenue/queries";
import RevenueMessages from "../../features/admin/revenue/messages?feature";
import { RevenuePage } from "../../features/admin/revenue/RevenuePage";
import { usePageMeta } from "../../lib/usePageMeta";

type RevenueSearch = { period?: RevenuePreset; currency?: Currency };

export const Route = createFileRoute("/admin/revenue")({
  // ?period=7d|30d|90d|12m and ?currency=brl keep the choice across reloads and in links; anything else is dropped.
  validateSearch: (search: Record<string, unknown>): RevenueSearch => ({
    ...(isRevenuePreset(search.period) && search.period !== DEFAULT_PRESET ? { period: search.period } : {}),
    ...(search.currency === "brl" ? { currency: "brl" as const } : {}),
  }),
  loaderDeps: ({ search }) => ({ period: search.period ?? DEFAULT_PRESET }),
  // Prefetch without throwing: the page shows its own loading and failure states.
  loader: ({ context, deps }) => {
    const tz = adminTimeZone();
    void context.queryClient.prefetchQuery(revenueQueryOptions({ ...presetRange(deps.period, todayIn(tz)), tz }));
  },
  component: AdminRevenue,
});

const meta = defineMessages({
  title: { id: "meta.admin.revenue.title", defaultMessage: "Admin: Revenue" },
});

function AdminRevenue() {
  usePageMeta(meta);
  const { period = DEFAULT_PRESET, currency = "usd" } = Route.useSearch();
  const navigate = useNavigate({ from: "/admin/revenue" });
  const go = (next: RevenueSearch) => void navigate({ search: (prev) => ({ ...prev, ...next }), replace: true, resetScroll: false });
  return (
    <PageFrame
      title={<FormattedMessage id="admin.revenue.title" defaultMessage="Revenue" />}
      intro={<FormattedMessage id="admin.revenue.intro" defaultMessage="Memberships, store sales and refunds over time, in your time zone." />}
    >
      <RevenueMessages>
        <RevenuePage
          preset={period}
          onPresetChange={(next) => go({ period: next === DEFAULT_PRESET ? undefined : next })}
          currency={currency}
          onCurrencyChange={(next) => go({ currency: next === "usd" ? undefined : next })}
        />
      </RevenueMessages>
    </PageFrame>
  );
}
