// The Radio stations tab: stations in their order with picture, source and features; add, edit,
// reorder and delete them, and change their pictures.
import { useState } from "react";
import { useQuery } from "@tanstack/react-query";
import { useIntl } from "react-intl";
import { QueryState } from "../../../components/QueryState";
import type { AdminStation, AdminStationsResponse } from "#contracts/music/admin-catalog.ts";
import { CatalogListPanel } from "./CatalogListPanel";
import { ConfirmDelete } from "./ConfirmDelete";
import { hostOf } from "./format";
import { ItemRow } from "./ItemRow";
import { ImageDialog } from "./MediaDialog";
import { StationDialog } from "./StationDialog";
import { catalogMessages as m, featureMessages } from "./messages";
import { catalogApi, stationsQueryOptions } from "./queries";
import { useReorder } from "./useReorder";

type StationsDialog = { kind: "station"; station?: AdminStation } | { kind: "picture"; station: AdminStation } | { kind: "delete"; station: AdminStation };

export function StationsPanel() {
  const intl = useIntl();
  const query = useQuery(stationsQueryOptions());
  const [dialog, setDialog] = useState<StationsDialog | null>(null);
  const close = () => setDialog(null);
  const reorder = useReorder<AdminStation, AdminStationsResponse>({
    list: "stations",
    queryKey: stationsQueryOptions().queryKey,
    items: (data) => data.stations,
    withItems: (data, stations) => ({ ...data, stations }),
    idOf: (s) => s.id,
    nameOf: (s) => s.name,
    save: (ids) => catalogApi.put("/stations/order", { ids }),
  });

  const details = (s: AdminStation) => {
    const source =
      s.sourceType === "stream"
        ? `${intl.formatMessage(m.stationSourceStream)} · ${s.streamUrl ? hostOf(s.streamUrl) : ""}`
        : `${intl.formatMessage(m.stationSourceCatalog)} · ${s.albumIds === null ? intl.formatMessage(m.stationAllAlbums) : intl.formatMessage(m.stationAlbumCount, { count: s.albumIds.length })}`;
    const features = s.features.map((f) => intl.formatMessage(featureMessages[f]));
    return [source, ...features].join(" · ");
  };

  return (
    <QueryState
      query={query}
      loading={intl.formatMessage(m.commonLoading)}
      failed={intl.formatMessage(m.commonLoadFailed)}
      retry={intl.formatMessage(m.commonRetry)}
    >
      {({ stations }) => (
        <CatalogListPanel
          items={stations}
          reorder={reorder}
          addLabel={intl.formatMessage(m.stationsAdd)}
          onAdd={() => setDialog({ kind: "station" })}
          empty={{ icon: "music", title: intl.formatMessage(m.stationsEmpty), hint: intl.formatMessage(m.stationsEmptyHint) }}
          renderItem={(station, index) => (
            <ItemRow
              name={station.name}
              imageUrl={station.imageUrl}
              imageAlt={intl.formatMessage(m.stationPicture, { name: station.name })}
              noImage={intl.formatMessage(m.stationNoPicture)}
              size={{ width: 64, height: 64 }}
              details={details(station)}
              index={index}
              count={stations.length}
              onMove={reorder.move}
            >
              <button
                type="button"
                className="btn btn-ghost btn-sm"
                aria-label={intl.formatMessage(m.commonEditNamed, { name: station.name })}
                onClick={() => setDialog({ kind: "station", station })}
              >
                {intl.formatMessage(m.commonEdit)}
              </button>
              <button
                type="button"
                className="btn btn-ghost btn-sm"
                aria-label={intl.formatMessage(m.stationChangePictureNamed, { name: station.name })}
                onClick={() => setDialog({ kind: "picture", station })}
              >
                {intl.formatMessage(m.stationChangePicture)}
              </button>
              <button
                type="button"
                className="btn btn-danger btn-sm"
                aria-label={intl.formatMessage(m.commonDeleteNamed, { name: station.name })}
                onClick={() => setDialog({ kind: "delete", station })}
              >
                {intl.formatMessage(m.commonDelete)}
              </button>
            </ItemRow>
          )}
        >
          {dialog?.kind === "station" && <StationDialog station={dialog.station} onClose={close} />}
          {dialog?.kind === "picture" && (
            <ImageDialog
              title={intl.formatMessage(m.mediaPictureTitle, { name: dialog.station.name })}
              list="stations"
              path={`/stations/${dialog.station.id}/picture`}
              currentUrl={dialog.station.imageUrl}
              onClose={close}
            />
          )}
          {dialog?.kind === "delete" && (
            <ConfirmDelete
              title={intl.formatMessage(m.stationDeleteTitle)}
              question={intl.formatMessage(m.stationDeleteConfirm, { name: dialog.station.name })}
              list="stations"
              remove={() => catalogApi.delete(`/stations/${dialog.station.id}`)}
              onClose={close}
            />
          )}
        </CatalogListPanel>
      )}
    </QueryState>
  );
}
