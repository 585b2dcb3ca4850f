// The offline page's language: the one the app saved (app/i18n/locale.ts, localStorage "locale"),
// else the browser's, as the app itself picks it. An external file: the pages' policy allows no
// other inline script than index.html's two.
/* global localStorage, navigator, document, location */
(function () {
  var saved = null;
  try {
    saved = localStorage.getItem("locale");
  } catch {
    // storage blocked: the browser's language then
  }
  var languages = navigator.languages || [navigator.language || "en"];
  var locale = saved === "en" || saved === "pt-BR" ? saved : "en";
  if (saved !== "en" && saved !== "pt-BR") {
    for (var i = 0; i < languages.length; i++) {
      var lower = String(languages[i]).toLowerCase();
      if (lower.indexOf("pt") === 0) {
        locale = "pt-BR";
        break;
      }
      if (lower.indexOf("en") === 0) break;
    }
  }
  document.documentElement.lang = locale;
  var sections = document.querySelectorAll("[data-offline]");
  for (var s = 0; s < sections.length; s++) sections[s].hidden = sections[s].getAttribute("data-offline") !== locale;
  document.title = locale === "pt-BR" ? "Sem conexão" : "Offline";
  var buttons = document.querySelectorAll("[data-retry]");
  for (var b = 0; b < buttons.length; b++) {
    buttons[b].addEventListener("click", function () {
      location.reload();
    });
  }
})();
