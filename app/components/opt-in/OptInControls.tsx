// The two faces of a "tell me later" request (Remind me on an event, Notify me on a coming
// release or sale): a member's pressed toggle with its status line, and a visitor's small e-mail
// form opened from the same button, which then asks them to confirm from their inbox. Each caller
// brings its own words, requests and class names (`kind`), so their styles stay theirs. The form
// checks the address itself (noValidate), so a mistyped one is told in the page's language, not in
// the browser's.
import { useId, useState, type FormEvent, type ReactNode } from "react";
import { Icon } from "../Icon";

/** Something@somewhere.tld: what the server's check would take, said before a request. */
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

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
  texts: { emailLabel: string; send: string; sending: string; checkInbox: string; invalidEmail: string };
  /** Sends the address; `sent` once the server took it. */
  onSubmit: (email: string) => void;
  pending: boolean;
  sent: boolean;
  /** What went wrong, or null. */
  error: string | null;
  /** Shown in the open form above its button: the bot check (decision 090). */
  check?: ReactNode;
};

/** A visitor's request: the button opens a form for their address. */
export function OptInEmailForm({ kind, label, text, texts, onSubmit, pending, sent, error, check }: FormProps) {
  const id = useId();
  const [open, setOpen] = useState(false);
  const [email, setEmail] = useState("");
  const [invalid, setInvalid] = useState(false);
  const submit = (e: FormEvent<HTMLFormElement>) => {
    e.preventDefault();
    if (!EMAIL.test(email.trim())) {
      setInvalid(true);
      e.currentTarget.querySelector("input")?.focus();
      return;
    }
    onSubmit(email.trim());
  };
  const problem = invalid ? texts.invalidEmail : error;
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
                onChange={(e) => {
                  setEmail(e.target.value);
                  setInvalid(false);
                }}
                aria-invalid={problem ? true : undefined}
                aria-describedby={problem ? `${id}-error` : undefined}
              />
              {check}
              <button type="submit" className="btn btn-primary btn-sm" disabled={pending}>
                {pending ? texts.sending : texts.send}
              </button>
              {problem && (
                <p id={`${id}-error`} className="form-error" role="alert">
                  {problem}
                </p>
              )}
            </form>
          )}
        </div>
      )}
    </div>
  );
}
