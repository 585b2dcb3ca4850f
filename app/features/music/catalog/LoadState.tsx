// The music pages' loading placeholder (their failures are components/QueryState's).
import { FormattedMessage } from "react-intl";
import { Loading } from "../../../components/Loading";
import { musicMessages } from "./messages";

/**
 * While a track or album loads: the cover's box at its final size and the loading line where the
 * text will be, so nothing below moves when the data arrives.
 */
export function CoverHeadPlaceholder({ className }: { className: string }) {
  return (
    <div className={className} aria-busy="true">
      <div className="cover cover-placeholder cover-400" />
      <div className="cover-head-placeholder-text">
        <Loading label={<FormattedMessage {...musicMessages.loading} />} />
      </div>
    </div>
  );
}
