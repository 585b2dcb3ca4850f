// One language's blocks: add a heading, paragraph, image or button; edit, move up or down, remove.
// Each block is a fieldset named "Block n: Type", its buttons named by what they do to that block;
// a block may be for some tiers only (other tiers' mails leave it out).
import { useId } from "react";
import { useQuery } from "@tanstack/react-query";
import { useIntl } from "react-intl";
import type { BlockType, EditorBlock } from "./model";
import { newBlock, VIP_AND_ABOVE } from "./model";
import { TierGateField } from "#app/components/form/TierGateField.tsx";
import { tierChoicesQueryOptions } from "#app/lib/tiers/tierGate.ts";
import type { TierGate } from "#contracts/tiers/gate.ts";
import { campaignMessages as m } from "./messages";
import { MediaLibrary } from "./MediaLibrary";

const TYPE_TEXTS = { heading: m.typeHeading, paragraph: m.typeParagraph, image: m.typeImage, button: m.typeButton } as const;
const ADD_TEXTS = { heading: m.addHeading, paragraph: m.addParagraph, image: m.addImage, button: m.addButton } as const;
const TYPES: BlockType[] = ["heading", "paragraph", "image", "button"];

type Props = { blocks: EditorBlock[]; onChange: (blocks: EditorBlock[]) => void; disabled?: boolean };

export function BlockEditor({ blocks, onChange, disabled }: Props) {
  const intl = useIntl();
  const helpId = useId();
  const update = (index: number, patch: Partial<EditorBlock>) => onChange(blocks.map((b, i) => (i === index ? { ...b, ...patch } : b)));
  const move = (index: number, by: -1 | 1) => {
    const next = [...blocks];
    [next[index], next[index + by]] = [next[index + by]!, next[index]!];
    onChange(next);
  };

  return (
    <div className="campaign-blocks">
      <p id={helpId} className="field-hint muted">
        {intl.formatMessage(m.blocksHelp)}
      </p>
      {blocks.length === 0 && <p className="muted">{intl.formatMessage(m.noBlocks)}</p>}
      <ol className="campaign-block-list">
        {blocks.map((block, index) => {
          const legend = intl.formatMessage(m.blockLegend, { n: index + 1, type: intl.formatMessage(TYPE_TEXTS[block.type]) });
          return (
            <li key={block.key}>
              <fieldset className="campaign-block" disabled={disabled}>
                <legend>{legend}</legend>
                <BlockFields block={block} helpId={helpId} onChange={(patch) => update(index, patch)} />
                <BlockTiers block={block} legend={legend} onChange={(tiers) => update(index, { tiers })} />
                <div className="campaign-block-tools">
                  <button
                    type="button"
                    className="btn btn-ghost btn-sm"
                    disabled={index === 0}
                    aria-label={`${intl.formatMessage(m.moveUp)}: ${legend}`}
                    onClick={() => move(index, -1)}
                  >
                    {intl.formatMessage(m.moveUp)}
                  </button>
                  <button
                    type="button"
                    className="btn btn-ghost btn-sm"
                    disabled={index === blocks.length - 1}
                    aria-label={`${intl.formatMessage(m.moveDown)}: ${legend}`}
                    onClick={() => move(index, 1)}
                  >
                    {intl.formatMessage(m.moveDown)}
                  </button>
                  <button
                    type="button"
                    className="btn btn-ghost btn-sm"
                    aria-label={`${intl.formatMessage(m.remove)}: ${legend}`}
                    onClick={() => onChange(blocks.filter((_, i) => i !== index))}
                  >
                    {intl.formatMessage(m.remove)}
                  </button>
                </div>
              </fieldset>
            </li>
          );
        })}
      </ol>
      <div className="campaign-block-add">
        {TYPES.map((type) => (
          <button key={type} type="button" className="btn btn-ghost btn-sm" disabled={disabled} onClick={() => onChange([...blocks, newBlock(type)])}>
            {intl.formatMessage(ADD_TEXTS[type])}
          </button>
        ))}
      </div>
    </div>
  );
}

function BlockFields({ block, helpId, onChange }: { block: EditorBlock; helpId: string; onChange: (patch: Partial<EditorBlock>) => void }) {
  const intl = useIntl();
  const id = useId();
  const field = (name: Exclude<keyof EditorBlock, "tiers">, label: string, opts: { multiline?: boolean; hint?: string; type?: string } = {}) => (
    <div className="field">
      <label htmlFor={`${id}-${name}`}>{label}</label>
      {opts.multiline ? (
        <textarea id={`${id}-${name}`} rows={4} value={block[name]} aria-describedby={helpId} onChange={(e) => onChange({ [name]: e.target.value })} />
      ) : (
        <input
          id={`${id}-${name}`}
          type={opts.type ?? "text"}
          value={block[name]}
          aria-describedby={opts.hint ? `${id}-${name}-hint` : undefined}
          onChange={(e) => onChange({ [name]: e.target.value })}
        />
      )}
      {opts.hint && (
        <p id={`${id}-${name}-hint`} className="field-hint muted">
          {opts.hint}
        </p>
      )}
    </div>
  );
  switch (block.type) {
    case "heading":
      return field("text", intl.formatMessage(m.headingText));
    case "paragraph":
      return field("text", intl.formatMessage(m.paragraphText), { multiline: true });
    case "image":
      return (
        <>
          {field("src", intl.formatMessage(m.imageSrc), { hint: intl.formatMessage(m.imageSrcHint) })}
          <MediaLibrary onChoose={(src) => onChange({ src })} />
          {field("alt", intl.formatMessage(m.imageAlt))}
          {field("href", intl.formatMessage(m.imageHref), { type: "url" })}
        </>
      );
    case "button":
      return (
        <>
          {field("label", intl.formatMessage(m.buttonLabel))}
          {field("href", intl.formatMessage(m.buttonHref), { type: "url" })}
        </>
      );
  }
}

/** "Only for some tiers": the block is left out of other tiers' mails (the Worker renders each tier's mail). */
function BlockTiers({ block, legend, onChange }: { block: EditorBlock; legend: string; onChange: (tiers: TierGate | null) => void }) {
  const intl = useIntl();
  const tiers = useQuery({ ...tierChoicesQueryOptions(), enabled: block.tiers !== null }).data?.tiers;
  return (
    <div className="campaign-block-tiers">
      <label>
        <input
          type="checkbox"
          checked={block.tiers !== null}
          aria-label={`${intl.formatMessage(m.blockForTiers)}: ${legend}`}
          onChange={(e) => onChange(e.target.checked ? VIP_AND_ABOVE : null)}
        />{" "}
        {intl.formatMessage(m.blockForTiers)}
      </label>
      {block.tiers && tiers && <TierGateField tiers={tiers} value={block.tiers} onChange={onChange} />}
    </div>
  );
}
