// html-validate's rules for the HTML the Worker renders (tests/worker/html-validity.test.ts runs
// them over every server-rendered page; `npx html-validate <file>` reads this file too). The
// recommended rules, less those about how markup is spelled where React's serializer decides the
// spelling: each is a choice among equally valid HTML, never a fault a browser or a validator of
// the HTML standard reports.
export default {
  extends: ["html-validate:recommended"],
  rules: {
    // The shell (index.html, kept by Prettier) and the Worker's pages start with "<!doctype html>".
    "doctype-style": ["error", { style: "lowercase" }],
    // React writes void elements self-closed (<img/>) and the Worker's head tags without the slash
    // (<link ...>): both are valid HTML.
    "void-style": "off",
    // React writes its attribute names as their DOM properties (srcSet, dateTime, maxLength); HTML
    // attribute names are case-insensitive.
    "attr-case": "off",
    // React writes a true boolean attribute as required="" and hidden=""; an empty value is valid.
    "attribute-boolean-style": "off",
    "attribute-empty-style": "off",
    // React's useId gives ids such as "_R_98m_": valid in HTML (any non-empty text without spaces),
    // which is what the relaxed check tests; the strict one asks for CSS-selector-friendly ids.
    "valid-id": ["error", { relaxed: true }],
    // A combobox's suggestions are an ARIA listbox of links and pictures (the header's search),
    // which a native <select> cannot hold; every other role still has to prefer its element.
    "prefer-native-element": ["error", { exclude: ["listbox"] }],
  },
};
