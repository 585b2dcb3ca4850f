// /dev/mailbox: in local mode the mail service keeps e-mails in an outbox instead of sending
// them (docs/design.md#5-outside-services-live-and-local); this page shows them so a person can follow a reset link offline.
import { useQuery } from "@tanstack/react-query";
import { FormattedDate, FormattedMessage, FormattedTime } from "react-intl";
import type { MailboxMessage } from "#contracts/auth.ts";
import { EmptyState } from "../../components/EmptyState";
import { QueryState } from "../../components/QueryState";
import { hasStatus } from "../../lib/forms/errorText";
import { MailboxLink } from "./MailboxLink";
import { downloadMessage, mailboxMessages, messageCountMessage } from "./messages";
import { mailboxQueryOptions } from "./queries";

/** A header by name, whatever its case (headers are case-insensitive). */
const headerValue = (headers: Record<string, string> | undefined, name: string) =>
  Object.entries(headers ?? {}).find(([key]) => key.toLowerCase() === name.toLowerCase())?.[1];

const newestFirst = (a: MailboxMessage, b: MailboxMessage) => Date.parse(b.createdAt) - Date.parse(a.createdAt);

function MessageCard({ message }: { message: MailboxMessage }) {
  const titleId = `mail-${message.id}-subject`;
  const unsubscribe = headerValue(message.headers, "List-Unsubscribe");
  const attachments = message.attachments ?? [];
  return (
    <li>
      <article className="card mail-message" aria-labelledby={titleId}>
        <h2 id={titleId}>{message.subject}</h2>
        <dl className="mail-meta">
          <div>
            <dt>
              <FormattedMessage {...mailboxMessages.to} />
            </dt>
            <dd>{message.to}</dd>
          </div>
          <div>
            <dt>
              <FormattedMessage {...mailboxMessages.sent} />
            </dt>
            <dd>
              <time dateTime={message.createdAt}>
                <FormattedDate value={message.createdAt} dateStyle="medium" /> <FormattedTime value={message.createdAt} timeStyle="medium" />
              </time>
            </dd>
          </div>
          {unsubscribe && (
            <div>
              <dt>
                <FormattedMessage {...mailboxMessages.unsubscribeHeader} />
              </dt>
              <dd>{unsubscribe}</dd>
            </div>
          )}
        </dl>
        {/* The plain-text part, as text: the HTML part is never injected into the page. */}
        <pre className="mail-text">{message.text}</pre>
        {message.links.length > 0 && (
          <>
            <h3>
              <FormattedMessage {...mailboxMessages.links} />
            </h3>
            <ul className="mail-links">
              {message.links.map((link, i) => (
                <li key={`${i}-${link}`}>
                  <MailboxLink link={link} />
                </li>
              ))}
            </ul>
          </>
        )}
        {attachments.length > 0 && (
          <>
            <h3>
              <FormattedMessage {...mailboxMessages.attachments} />
            </h3>
            <ul className="mail-links">
              {attachments.map((file, i) => (
                <li key={`${i}-${file.filename}`}>
                  {/* A data: URL: the file is already in the answer, so the download needs no request. */}
                  <a href={`data:${file.contentType};base64,${file.content}`} download={file.filename}>
                    <FormattedMessage {...downloadMessage} values={{ filename: file.filename }} />
                  </a>
                </li>
              ))}
            </ul>
          </>
        )}
      </article>
    </li>
  );
}

function MailboxBody() {
  const mailbox = useQuery(mailboxQueryOptions());
  // 404: live mode, where mail is sent for real and no outbox is kept.
  if (mailbox.isError && hasStatus(mailbox.error, 404)) {
    return (
      <p className="empty-state">
        <FormattedMessage {...mailboxMessages.liveMode} />
      </p>
    );
  }
  return (
    <QueryState query={mailbox} loading={<FormattedMessage {...mailboxMessages.loading} />} failed={<FormattedMessage {...mailboxMessages.loadFailed} />}>
      {(data) => <Messages messages={[...data.messages].sort(newestFirst)} />}
    </QueryState>
  );
}

function Messages({ messages }: { messages: readonly MailboxMessage[] }) {
  if (messages.length === 0) {
    return <EmptyState title={<FormattedMessage {...mailboxMessages.empty} />} hint={<FormattedMessage {...mailboxMessages.emptyHint} />} />;
  }
  return (
    <>
      <p className="muted" aria-live="polite">
        <FormattedMessage {...messageCountMessage} values={{ count: messages.length }} />
      </p>
      <ul className="mail-list">
        {messages.map((m) => (
          <MessageCard key={m.id} message={m} />
        ))}
      </ul>
    </>
  );
}

export function MailboxPage() {
  const mailbox = useQuery(mailboxQueryOptions());
  return (
    <section className="page mailbox-page">
      <header className="page-head">
        <h1>
          <FormattedMessage {...mailboxMessages.title} />
        </h1>
        <p className="page-intro">
          <FormattedMessage {...mailboxMessages.intro} />
        </p>
        <button type="button" className="btn" disabled={mailbox.isFetching} onClick={() => void mailbox.refetch()}>
          <FormattedMessage {...(mailbox.isFetching ? mailboxMessages.refreshing : mailboxMessages.refresh)} />
        </button>
      </header>
      <MailboxBody />
    </section>
  );
}
