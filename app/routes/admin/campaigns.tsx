import { createFileRoute, useNavigate } from "@tanstack/react-router";
import { defineMessages, FormattedMessage } from "react-intl";
import { PageFrame } from "../../components/PageFrame";
import CampaignsMessages from "../../features/admin/campaigns/messages?feature";
import { CampaignsPage } from "../../features/admin/campaigns/CampaignsPage";
import { adminTimeZone } from "../../features/admin/campaigns/model";
import { campaignsQueryOptions } from "../../features/admin/campaigns/queries";
import { usePageMeta } from "../../lib/usePageMeta";

type CampaignsSearch = { campaign?: string };

export const Route = createFileRoute("/admin/campaigns")({
  // ?campaign=<id> opens one (?campaign=new writes one), so a campaign has its own address.
  validateSearch: (search: Record<string, unknown>): CampaignsSearch =>
    typeof search.campaign === "string" && /^[\w-]{1,64}$/.test(search.campaign) ? { campaign: search.campaign } : {},
  // Prefetch without throwing: the page shows its own loading and failure states.
  loader: ({ context }) => void context.queryClient.prefetchQuery(campaignsQueryOptions()),
  component: AdminCampaigns,
});

const meta = defineMessages({
  title: { id: "meta.admin.campaigns.title", defaultMessage: "Admin: Campaigns" },
});

function AdminCampaigns() {
  usePageMeta(meta);
  const { campaign } = Route.useSearch();
  const navigate = useNavigate({ from: "/admin/campaigns" });
  return (
    <PageFrame
      title={<FormattedMessage id="admin.campaigns.title" defaultMessage="Campaigns" />}
      intro={<FormattedMessage id="admin.campaigns.intro" defaultMessage="Newsletter campaigns: write, preview, choose who gets them, send or schedule." />}
    >
      <CampaignsMessages>
        <CampaignsPage selected={campaign} timeZone={adminTimeZone()} onOpen={(id) => void navigate({ search: id ? { campaign: id } : {} })} />
      </CampaignsMessages>
    </PageFrame>
  );
}
