// What the last pass read said, large enough to read at arm's length: a colour and a word for the
// answer, the member's picture and name when the pass names one, and what to do next.
import { useIntl, type MessageDescriptor } from "react-intl";
import { Avatar } from "../../components/Avatar";
import type { CheckInResponse, CheckInResult } from "../../../worker/contracts/vip-pass";
import { checkInMessages as m } from "./messages";

const HEADLINE: Record<CheckInResult, MessageDescriptor> = {
  valid: m.resultValid,
  already_checked_in: m.resultAlready,
  expired: m.resultExpired,
  not_vip: m.resultNotVip,
  unknown: m.resultUnknown,
};

const HINT: Partial<Record<CheckInResult, MessageDescriptor>> = {
  expired: m.resultExpiredHint,
  not_vip: m.resultNotVipHint,
  unknown: m.resultUnknownHint,
};

export function ResultPanel({ answer }: { answer: CheckInResponse }) {
  const intl = useIntl();
  const { result, member, checkedInAt } = answer;
  const hint = HINT[result];
  return (
    <div className={`card check-in-result check-in-result-${result}`} data-testid="check-in-result" data-result={result}>
      <p className="check-in-result-headline">{intl.formatMessage(HEADLINE[result])}</p>
      {member && (
        <div className="check-in-result-member">
          <Avatar src={member.avatarUrl} alt={intl.formatMessage(m.avatarAlt, { name: member.name })} size={72} />
          <div>
            <p className="check-in-result-name">{member.name}</p>
            {member.vipSince && result === "valid" && (
              <p className="muted">{intl.formatMessage(m.resultVipSince, { date: intl.formatDate(member.vipSince, { dateStyle: "medium" }) })}</p>
            )}
            {result === "already_checked_in" && checkedInAt && (
              <p>{intl.formatMessage(m.resultAlreadyAt, { time: intl.formatTime(checkedInAt, { timeStyle: "short" }) })}</p>
            )}
          </div>
        </div>
      )}
      {hint && <p className="muted">{intl.formatMessage(hint)}</p>}
    </div>
  );
}
