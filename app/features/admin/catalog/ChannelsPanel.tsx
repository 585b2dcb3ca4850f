// The TV channels tab: channels in their order with thumbnail, category, playback and video; add,
// edit, reorder and delete them, and upload their thumbnails and videos.
import { useState } from "react";
import { useQuery } from "@tanstack/react-query";
import { useIntl } from "react-intl";
import { QueryState } from "../../../components/QueryState";
import type { AdminChannel, AdminChannelsResponse } from "#contracts/music/admin-catalog.ts";
import { CatalogListPanel } from "./CatalogListPanel";
import { ChannelDialog } from "./ChannelDialog";
import { ConfirmDelete } from "./ConfirmDelete";
import { formatDuration } from "./format";
import { ItemRow } from "./ItemRow";
import { ImageDialog, VideoDialog } from "./MediaDialog";
import { catalogMessages as m, categoryMessages, channelTypeMessages } from "./messages";
import { catalogApi, channelsQueryOptions } from "./queries";
import { useReorder } from "./useReorder";
import { NotifyFansButton } from "../components/notify/NotifyFans";

type ChannelsDialog =
  | { kind: "channel"; channel?: AdminChannel }
  | { kind: "thumbnail"; channel: AdminChannel }
  | { kind: "video"; channel: AdminChannel }
  | { kind: "delete"; channel: AdminChannel };

export function ChannelsPanel() {
  const intl = useIntl();
  const query = useQuery(channelsQueryOptions());
  const [dialog, setDialog] = useState<ChannelsDialog | null>(null);
  const close = () => setDialog(null);
  const reorder = useReorder<AdminChannel, AdminChannelsResponse>({
    list: "channels",
    queryKey: channelsQueryOptions().queryKey,
    items: (data) => data.channels,
    withItems: (data, channels) => ({ ...data, channels }),
    idOf: (c) => c.id,
    nameOf: (c) => c.name,
    save: (ids) => catalogApi.put("/channels/order", { ids }),
  });

  const details = (c: AdminChannel) =>
    [
      intl.formatMessage(categoryMessages[c.category]),
      intl.formatMessage(channelTypeMessages[c.type]),
      c.video
        ? intl.formatMessage(m.channelVideo, { format: c.video.toUpperCase(), duration: formatDuration(c.durationSeconds) })
        : intl.formatMessage(m.channelNoVideo),
      ...(c.embedUrl ? [intl.formatMessage(m.channelEmbed)] : []),
    ].join(" · ");

  return (
    <QueryState
      query={query}
      loading={intl.formatMessage(m.commonLoading)}
      failed={intl.formatMessage(m.commonLoadFailed)}
      retry={intl.formatMessage(m.commonRetry)}
    >
      {({ channels }) => (
        <CatalogListPanel
          items={channels}
          reorder={reorder}
          addLabel={intl.formatMessage(m.channelsAdd)}
          onAdd={() => setDialog({ kind: "channel" })}
          empty={{ icon: "video", title: intl.formatMessage(m.channelsEmpty), hint: intl.formatMessage(m.channelsEmptyHint) }}
          renderItem={(channel, index) => (
            <ItemRow
              name={channel.name}
              imageUrl={channel.thumbnailUrl}
              imageAlt={intl.formatMessage(m.channelThumbnail, { name: channel.name })}
              noImage={intl.formatMessage(m.channelNoThumbnail)}
              size={{ width: 96, height: 54 }}
              details={details(channel)}
              index={index}
              count={channels.length}
              onMove={reorder.move}
            >
              <button
                type="button"
                className="btn btn-ghost btn-sm"
                aria-label={intl.formatMessage(m.commonEditNamed, { name: channel.name })}
                onClick={() => setDialog({ kind: "channel", channel })}
              >
                {intl.formatMessage(m.commonEdit)}
              </button>
              <button
                type="button"
                className="btn btn-ghost btn-sm"
                aria-label={intl.formatMessage(m.channelChangeThumbnailNamed, { name: channel.name })}
                onClick={() => setDialog({ kind: "thumbnail", channel })}
              >
                {intl.formatMessage(m.channelChangeThumbnail)}
              </button>
              <button
                type="button"
                className="btn btn-ghost btn-sm"
                aria-label={intl.formatMessage(m.channelUploadVideoNamed, { name: channel.name })}
                onClick={() => setDialog({ kind: "video", channel })}
              >
                {intl.formatMessage(m.channelUploadVideo)}
              </button>
              {/* Only a live channel goes live: the others have nothing to announce. */}
              {channel.type === "live" && <NotifyFansButton type="tv" id={channel.id} name={channel.name} />}
              <button
                type="button"
                className="btn btn-danger btn-sm"
                aria-label={intl.formatMessage(m.commonDeleteNamed, { name: channel.name })}
                onClick={() => setDialog({ kind: "delete", channel })}
              >
                {intl.formatMessage(m.commonDelete)}
              </button>
            </ItemRow>
          )}
        >
          {dialog?.kind === "channel" && <ChannelDialog channel={dialog.channel} onClose={close} />}
          {dialog?.kind === "thumbnail" && (
            <ImageDialog
              title={intl.formatMessage(m.mediaThumbnailTitle, { name: dialog.channel.name })}
              list="channels"
              path={`/channels/${dialog.channel.id}/thumbnail`}
              currentUrl={dialog.channel.thumbnailUrl}
              onClose={close}
            />
          )}
          {dialog?.kind === "video" && <VideoDialog channelId={dialog.channel.id} name={dialog.channel.name} onClose={close} />}
          {dialog?.kind === "delete" && (
            <ConfirmDelete
              title={intl.formatMessage(m.channelDeleteTitle)}
              question={intl.formatMessage(m.channelDeleteConfirm, { name: dialog.channel.name })}
              list="channels"
              remove={() => catalogApi.delete(`/channels/${dialog.channel.id}`)}
              onClose={close}
            />
          )}
        </CatalogListPanel>
      )}
    </QueryState>
  );
}
