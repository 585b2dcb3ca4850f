// What the music and radio popups share around their content: the page in the listener's theme,
// the header (brand, title, the theme and visualizer style switches, close) and the visualizer.
// The chosen theme and style are remembered (preferences.ts), so both popups open the same way.
// Each popup brings its own texts (its own message catalog) and its own way to close.
import type { CSSProperties, ReactNode } from "react";
import { FormattedMessage, useIntl, type MessageDescriptor } from "react-intl";
import { useSiteConfig } from "../../../lib/session/useSession";
import { PlayerIcon, type PlayerIconName } from "../PlayerIcons";
import { styleNames, themeNames } from "../visualizers/messages";
import { nextStyle, nextTheme, THEMES, type ThemePalette } from "../visualizers/themes";
import { Visualizer } from "../visualizers/Visualizer";
import { useStoredTheme, useStoredVisualizerStyle } from "./preferences";
import "./popup.css";

/** The theme's colours as the page's CSS variables (popup.css and radio-popup.css read only these). */
function themeVariables(theme: ThemePalette): CSSProperties {
  return {
    "--mp-bg-0": theme.background[0],
    "--mp-bg-1": theme.background[1],
    "--mp-bg-2": theme.background[2],
    "--mp-primary": theme.primary,
    "--mp-secondary": theme.secondary,
    "--mp-accent": theme.accent,
    "--mp-on-primary": theme.onPrimary,
    "--mp-surface": theme.surface,
  } as CSSProperties;
}

export type PopupChromeMessages = {
  title: MessageDescriptor;
  close: MessageDescriptor;
  /** Formatted with {theme} (the current one's name) and {next} (the one a press switches to). */
  themeButton: MessageDescriptor;
  /** Formatted with {style} and {next}, likewise. */
  styleButton: MessageDescriptor;
};

type PopupChromeProps = {
  messages: PopupChromeMessages;
  /** Feeds the visualizer; null keeps it idle. */
  analyser: AnalyserNode | null;
  onClose(): void;
  /** Added to the page's and the visualizer stage's own classes (mp, mp-stage). */
  className?: string;
  stageClassName?: string;
  /** The popup's own content, below the visualizer. */
  children: ReactNode;
};

export function PopupChrome({ messages, analyser, onClose, className, stageClassName, children }: PopupChromeProps) {
  const intl = useIntl();
  const brand = useSiteConfig()?.brandName;
  const [theme, setTheme] = useStoredTheme();
  const [style, setStyle] = useStoredVisualizerStyle();
  const name = (descriptor: MessageDescriptor) => intl.formatMessage(descriptor);
  const themeName = name(themeNames[theme]);
  const styleName = name(styleNames[style]);

  return (
    <div className={withClass("mp", className)} data-theme={theme} style={themeVariables(THEMES[theme])}>
      <header className="mp-head">
        <div className="mp-head-text">
          {brand && <p className="mp-brand">{brand}</p>}
          <h1 className="mp-title">
            <FormattedMessage {...messages.title} />
          </h1>
        </div>
        <div className="mp-head-actions">
          <SwitchChip
            icon="palette"
            text={themeName}
            label={intl.formatMessage(messages.themeButton, { theme: themeName, next: name(themeNames[nextTheme(theme)]) })}
            onClick={() => setTheme(nextTheme(theme))}
          />
          <SwitchChip
            icon="visualizer"
            text={styleName}
            label={intl.formatMessage(messages.styleButton, { style: styleName, next: name(styleNames[nextStyle(style)]) })}
            onClick={() => setStyle(nextStyle(style))}
          />
          <button type="button" className="mp-icon-btn" onClick={onClose} aria-label={name(messages.close)}>
            <PlayerIcon name="close" size={20} />
          </button>
        </div>
      </header>

      <div className={withClass("mp-stage", stageClassName)}>
        <Visualizer analyser={analyser} style={style} theme={theme} />
      </div>

      {children}
    </div>
  );
}

function withClass(base: string, extra: string | undefined) {
  return extra ? `${base} ${extra}` : base;
}

/** A header chip that steps to the next theme or style; its visible text is the current one (the label says it all). */
function SwitchChip({ icon, text, label, onClick }: { icon: PlayerIconName; text: string; label: string; onClick(): void }) {
  return (
    <button type="button" className="mp-chip" onClick={onClick} aria-label={label}>
      <PlayerIcon name={icon} size={18} />
      <span className="mp-chip-text" aria-hidden="true">
        {text}
      </span>
    </button>
  );
}
