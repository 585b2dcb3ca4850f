// /admin/campaigns: the list, or one campaign (?campaign=<id>, or ?campaign=new to write one).
// Times are read and shown in the admin's own zone; the route passes it in (tests choose one).
import { CampaignEditor } from "./CampaignEditor";
import { CampaignList } from "./CampaignList";
import "../admin.css";
import "./campaigns.css";

type Props = { selected: string | undefined; timeZone: string; onOpen: (id: string | undefined) => void };

export function CampaignsPage({ selected, timeZone, onOpen }: Props) {
  if (selected) return <CampaignEditor id={selected} timeZone={timeZone} onSaved={(id) => onOpen(id)} onClosed={() => onOpen(undefined)} />;
  return (
    <div className="admin-page">
      <CampaignList timeZone={timeZone} />
    </div>
  );
}
