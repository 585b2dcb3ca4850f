// The play queue: every queued track, the current one marked; choosing one plays it.
import { FormattedMessage, useIntl } from "react-intl";
import { Modal } from "../../../components/Modal";
import type { PlayerState } from "./engine";
import { formatTime } from "../../../lib/audio/formatTime";
import { playerMessages as m } from "./messages";

type QueueDialogProps = {
  state: Pick<PlayerState, "queue" | "index" | "status">;
  onChoose: (index: number) => void;
  onClose: () => void;
};

export function QueueDialog({ state, onChoose, onClose }: QueueDialogProps) {
  const intl = useIntl();
  return (
    <Modal
      title={<FormattedMessage {...m.queueTitle} />}
      onClose={onClose}
      footer={
        <div className="dialog-actions">
          <button type="button" className="btn btn-ghost" onClick={onClose}>
            <FormattedMessage id="player.close" defaultMessage="Close" />
          </button>
        </div>
      }
    >
      <ol className="player-queue">
        {state.queue.map((track, i) => {
          const current = i === state.index;
          return (
            <li key={`${track.id}-${i}`}>
              <button
                type="button"
                className={current ? "player-queue-item is-current" : "player-queue-item"}
                aria-current={current ? "true" : undefined}
                disabled={!track.playable}
                onClick={() => {
                  onChoose(i);
                  onClose();
                }}
              >
                <span className="player-queue-number" aria-hidden="true">
                  {i + 1}
                </span>
                <span className="player-queue-text">
                  <span className="player-queue-title">{track.title}</span>
                  <span className="player-queue-album">
                    {track.albumTitle}
                    {current && ` · ${intl.formatMessage(m.nowPlaying)}`}
                    {!track.playable && ` · ${intl.formatMessage(m.unavailable)}`}
                  </span>
                </span>
                <span className="player-queue-duration">{formatTime(track.durationSeconds)}</span>
              </button>
            </li>
          );
        })}
      </ol>
    </Modal>
  );
}
