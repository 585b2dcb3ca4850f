// The structured part of an audit summary: a kind and its parameters, so the audit page renders it
// in the admin's language (app/features/admin/audit). Each row keeps the English `note` too, built
// from the same detail: older rows (note only) and the CSV export read that text. The kinds are
// declared by the areas that write them (`auditNotes` in worker/contracts/areas/), each with its
// parameters and its note; the type below is made from those declarations.
import { AUDIT_NOTES, type DeclaredArea } from "./areas";

export type { AuditEventTextField } from "./areas/events";

type NotesOf<A> = A extends { auditNotes: infer N } ? N : never;
type ParametersOf<Note> = Note extends (detail: infer P) => string ? (unknown extends P ? object : P) : never;
/** One `{ kind, ...parameters }` member per kind of one area's notes. */
type DetailsOf<N> = N extends unknown ? { [K in keyof N & string]: { kind: K } & ParametersOf<N[K]> }[keyof N & string] : never;

export type AuditDetail = DetailsOf<NotesOf<DeclaredArea>>;
export type AuditDetailKind = AuditDetail["kind"];

/**
 * Every kind an area declares (the audit page has a text for each, in both languages).
 * @internal
 */
export const AUDIT_DETAIL_KINDS = Object.keys(AUDIT_NOTES) as AuditDetailKind[];

/** The detail as the English note older rows were written with (the fallback text). */
export const auditNoteOf = (detail: AuditDetail): string => (AUDIT_NOTES[detail.kind] as (detail: AuditDetail) => string)(detail);

/** A summary's `detail` and `note` for a writer to spread into its summary. */
export const auditDetail = (detail: AuditDetail) => ({ detail, note: auditNoteOf(detail) });
