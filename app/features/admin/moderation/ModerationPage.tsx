// /admin/moderation: what members reported (posts and comments, most recently reported first), or
// what moderators hid; each item with its reports and actions.
import { useQuery } from "@tanstack/react-query";
import { useState } from "react";
import { useIntl } from "react-intl";
import { EmptyState } from "../../../components/EmptyState";
import { QueryState } from "../../../components/QueryState";
import type { ModerationView } from "#contracts/moderation.ts";
import { commonMessages } from "../messages";
import { ItemCard } from "./ItemCard";
import { moderationMessages as m } from "./messages";
import { queueQueryOptions } from "./queries";
import "../admin.css";
import "./moderation.css";

export function ModerationPage() {
  const intl = useIntl();
  const [view, setView] = useState<ModerationView>("open");
  const [resolved, setResolved] = useState<number | null>(null);
  const queue = useQuery(queueQueryOptions(view));
  const views = [
    ["open", m.viewOpen],
    ["hidden", m.viewHidden],
  ] as const;

  return (
    <div className="admin-page" aria-busy={queue.isFetching}>
      <div className="admin-periods" role="group" aria-label={intl.formatMessage(m.views)}>
        {views.map(([value, label]) => (
          <button
            key={value}
            type="button"
            className={value === view ? "btn btn-primary btn-sm" : "btn btn-ghost btn-sm"}
            aria-pressed={value === view}
            onClick={() => {
              setView(value);
              setResolved(null);
            }}
          >
            {intl.formatMessage(label)}
          </button>
        ))}
      </div>
      <p className="sr-only" role="status">
        {resolved !== null ? intl.formatMessage(m.resolved, { count: resolved }) : ""}
      </p>
      <QueryState
        query={queue}
        loading={intl.formatMessage(m.loading)}
        failed={intl.formatMessage(m.loadFailed)}
        retry={intl.formatMessage(commonMessages.retry)}
      >
        {({ items }) =>
          items.length === 0 ? (
            view === "open" ? (
              <EmptyState icon="shield" title={intl.formatMessage(m.emptyOpen)} hint={intl.formatMessage(m.emptyOpenHint)} />
            ) : (
              <EmptyState icon="shield" title={intl.formatMessage(m.emptyHidden)} hint={intl.formatMessage(m.emptyHiddenHint)} />
            )
          ) : (
            <div className="moderation-list">
              {items.map((item) => (
                <ItemCard key={`${item.kind}-${item.id}`} item={item} onDone={setResolved} />
              ))}
            </div>
          )
        }
      </QueryState>
    </div>
  );
}
