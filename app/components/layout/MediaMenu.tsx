// The desktop "Media" dropdown, following the disclosure-navigation pattern: a button with
// aria-expanded controlling a list of links. Arrow keys, Home and End move between the links,
// Escape closes and returns focus to the button; Tab, an outside click or a route change close it.
import { FormattedMessage } from "react-intl";
import { MEDIA_ITEMS, MediaItemLink } from "./mediaItems";
import { navMessages } from "./navMessages";
import { useDropdown } from "./useDropdown";

export function MediaMenu() {
  const { buttonRef, close, listId, onBlur, onButtonKeyDown, onListKeyDown, open, toggle, wrapperRef } = useDropdown("ul a");

  return (
    <div className="dropdown" ref={wrapperRef} onBlur={onBlur}>
      <button
        ref={buttonRef}
        type="button"
        className="nav-link dropdown-toggle"
        aria-expanded={open}
        aria-controls={listId}
        onClick={toggle}
        onKeyDown={onButtonKeyDown}
      >
        <FormattedMessage {...navMessages.media} />
        <span className="caret" aria-hidden="true" />
      </button>
      <ul id={listId} className="dropdown-menu" hidden={!open} onKeyDown={onListKeyDown}>
        {MEDIA_ITEMS.map((item) => (
          <li key={item.key}>
            <MediaItemLink item={item} variant="desktop" className="dropdown-item" onActivate={() => close(false)} />
          </li>
        ))}
      </ul>
    </div>
  );
}
