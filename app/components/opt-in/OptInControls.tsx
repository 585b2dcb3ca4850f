// The two faces of a "tell me later" request (Remind me on an event, Notify me on a coming
// release or sale): a member's pressed toggle with its status line, and a visitor's small e-mail
// form opened from the same button, which then asks them to confirm from their inbox. Each caller
// brings its own words, requests and class names (`kind`), so their styles stay theirs.
import { useId, useState, type FormEvent, type ReactNode } from "react";
import { Icon } from "../Icon";

type Shared = {
  /** The class prefix of the caller's styles: `${kind}`, `${kind}-button`, `${kind}-status`, `${kind}-form`. */
  kind: string;
  /** The button's accessible name, which says what is asked for. */
  label: string;
  /** The button's visible text. */
  text: string;
};

type ToggleProps = Shared & {
  on: boolean;
  busy: boolean;
  onToggle: (on: boolean) => void;
  /** The status line: what is set, or what went wrong. */
  status: ReactNode;
};

/** A member's one-tap request: a pressed toggle. */
export function OptInToggle({ kind, label, text, on, busy, onToggle, status }: ToggleProps) {
  return (
    <div className={kind}>
      <button
        type="button"
        className={on ? `btn btn-sm ${kind}-button is-on` : `btn btn-ghost btn-sm ${kind}-button`}
        aria-pressed={on}
        disabled={busy}
        aria-label={label}
        onClick={() => onToggle(!on)}
      >
        <Icon name="bell" size={16} />
        {text}
      </button>
      <p className={`${kind}-status`} role="status">
        {status}
      </p>
    </div>
  );
}

type FormProps = Shared & {
  texts: { emailLabel: string; send: string; sending: string; checkInbox: string };
  /** Sends the address; `sent` once the server took it. */
  onSubmit: (email: string) => void;
  pending: boolean;
  sent: boolean;
  /** What went wrong, or null. */
  error: string | null;
};

/** A visitor's request: the button opens a form for their address. */
export function OptInEmailForm({ kind, label, text, texts, onSubmit, pending, sent, error }: FormProps) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const [email, setEmail] = useState("");
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onSubmit(email.trim());
  };
  return (
    <div className={kind}>
      <button
        type="button"
        className={`btn btn-ghost btn-sm ${kind}-button`}
        aria-expanded={open}
        aria-controls={open ? `${id}-form` : undefined}
        aria-label={label}
        onClick={() => setOpen(!open)}
      >
        <Icon name="bell" size={16} />
        {text}
      </button>
      {open && (
        <div id={`${id}-form`}>
          {sent ? (
            <p className={`${kind}-status`} role="status">
              {texts.checkInbox}
            </p>
          ) : (
            <form className={`${kind}-form`} onSubmit={submit} noValidate>
              <label htmlFor={`${id}-email`}>{texts.emailLabel}</label>
              <input
                id={`${id}-email`}
                type="email"
                autoComplete="email"
                required
                value={email}
                onChange={(e) => setEmail(e.target.value)}
                aria-invalid={error ? true : undefined}
                aria-describedby={error ? `${id}-error` : undefined}
              />
              <button type="submit" className="btn btn-primary btn-sm" disabled={pending}>
                {pending ? texts.sending : texts.send}
              </button>
              {error && (
                <p id={`${id}-error`} className="form-error" role="alert">
                  {error}
                </p>
              )}
            </form>
          )}
        </div>
      )}
    </div>
  );
}
