// /admin/catalog: three tabs (Albums, Radio stations, TV channels), each loading its own list.
import { Link } from "@tanstack/react-router";
import { useIntl } from "react-intl";
import { TabList, TabPanel, useTabs } from "../../../components/Tabs";
import { AlbumsPanel } from "./AlbumsPanel";
import { ChannelsPanel } from "./ChannelsPanel";
import { StationsPanel } from "./StationsPanel";
import { catalogMessages as m } from "./messages";
import "./catalog.css";

const TABS = ["albums", "stations", "channels"] as const;

/** `openAlbumId`: the album whose tracks show from the start, scrolled to (null: none). */
export function CatalogPage({ openAlbumId = null }: { openAlbumId?: string | null }) {
  const intl = useIntl();
  const tabs = useTabs(TABS);
  return (
    <div className="catalog-page">
      <p className="catalog-import-link">
        <Link to="/admin/catalog/import" className="btn">
          {intl.formatMessage(m.importLink)}
        </Link>
      </p>
      <TabList
        tabs={tabs}
        label={intl.formatMessage(m.tabsLabel)}
        labels={{ albums: intl.formatMessage(m.tabsAlbums), stations: intl.formatMessage(m.tabsStations), channels: intl.formatMessage(m.tabsChannels) }}
        className="catalog-tabs"
        tabClassName="catalog-tab"
      />
      <TabPanel tabs={tabs} className="catalog-tab-panel">
        {tabs.selected === "albums" && <AlbumsPanel openAlbumId={openAlbumId} />}
        {tabs.selected === "stations" && <StationsPanel />}
        {tabs.selected === "channels" && <ChannelsPanel />}
      </TabPanel>
    </div>
  );
}
