// The column mapping shown before an import: a select per field (the server's suggestion chosen
// at first; required fields marked *) and the file's first rows under its own header.
import { useId } from "react";
import { useIntl } from "react-intl";
import { IMPORT_FIELDS, REQUIRED_IMPORT_FIELDS, type ImportField } from "#contracts/tickets/admin-limits.ts";
import type { ImportPreviewResponse } from "#contracts/tickets/admin.ts";
import { fieldMessages, ticketsMessages as m } from "./messages";

export type MappingChoice = Record<ImportField, number | null>;

const isRequired = (field: ImportField) => (REQUIRED_IMPORT_FIELDS as readonly ImportField[]).includes(field);

export function ImportMapping({
  preview,
  mapping,
  onChange,
}: {
  preview: ImportPreviewResponse;
  mapping: MappingChoice;
  onChange: (mapping: MappingChoice) => void;
}) {
  const intl = useIntl();
  const baseId = useId();
  const columnName = (index: number) => preview.columns[index] || intl.formatMessage(m.importColumn, { number: index + 1 });
  return (
    <>
      <fieldset className="tickets-mapping">
        <legend>{intl.formatMessage(m.importMapping)}</legend>
        <p className="muted field-hint">{intl.formatMessage(m.importMappingHint)}</p>
        {IMPORT_FIELDS.map((field) => {
          const id = `${baseId}-${field}`;
          const required = isRequired(field);
          return (
            <div className="field" key={field}>
              <label htmlFor={id}>
                {intl.formatMessage(fieldMessages[field])}
                {required && <span aria-hidden="true"> *</span>}
              </label>
              <select
                id={id}
                required={required}
                aria-invalid={required && mapping[field] === null ? true : undefined}
                value={mapping[field] === null ? "" : String(mapping[field])}
                onChange={(event) => onChange({ ...mapping, [field]: event.target.value === "" ? null : Number(event.target.value) })}
              >
                <option value="">{intl.formatMessage(m.importNotMapped)}</option>
                {preview.columns.map((_, index) => (
                  <option key={index} value={index}>
                    {columnName(index)}
                  </option>
                ))}
              </select>
            </div>
          );
        })}
      </fieldset>
      <div className="table-wrap tickets-preview">
        <table className="table">
          <caption>{intl.formatMessage(m.importPreview)}</caption>
          <thead>
            <tr>
              {preview.columns.map((_, index) => (
                <th scope="col" key={index}>
                  {columnName(index)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {preview.rows.map((row, r) => (
              <tr key={r}>
                {preview.columns.map((_, c) => (
                  <td key={c}>{row[c] ?? ""}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  );
}

/** The mapping the API takes, once every required field has a column. */
export function completeMapping(mapping: MappingChoice) {
  const { orderId, event, email, price, status, date, name } = mapping;
  if (orderId === null || event === null || email === null || price === null) return null;
  return { orderId, event, email, price, status, date, name };
}
