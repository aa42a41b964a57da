// Small progressive enhancements; the pages work without this file.
document.addEventListener("keydown", (event) => {
  // "/" focuses the main search box, unless the user is typing somewhere already.
  const target = event.target;
  const typing = target instanceof HTMLElement && (target.isContentEditable || ["INPUT", "TEXTAREA", "SELECT"].includes(target.tagName));
  if (event.key === "/" && !typing) {
    const box = document.querySelector("[data-search-box]");
    if (box) { event.preventDefault(); box.focus(); box.select(); }
  }
});

// --- Statute search ------------------------------------------------------------------------
// htmx swaps only 2xx responses by default; a 400 (bad input) or 503 (no index) panel from
// a form marked data-swap-errors must replace the results too, never leave stale rows.
document.addEventListener("htmx:beforeSwap", (event) => {
  const status = event.detail.xhr.status;
  const form = event.detail.requestConfig && event.detail.requestConfig.elt;
  if ((status === 400 || status === 503) && form && form.hasAttribute("data-swap-errors")) {
    event.detail.shouldSwap = true;
    event.detail.isError = false;
  }
});

// Empty filters are left out of the request, so pushed URLs stay short and shareable.
document.addEventListener("htmx:configRequest", (event) => {
  if (!event.detail.elt.hasAttribute("data-drop-empty")) return;
  const data = event.detail.formData;  // htmx 2: the FormData the request URL is built from
  for (const [name, value] of Array.from(data.entries())) {
    if (typeof value === "string" && value.trim() === "") data.delete(name);
  }
});

// Changing the regulation source drops the title chosen for the old one before the request
// is sent (capture phase: before htmx's listener on the form); the response brings the
// new source's titles.
function resetTitleOnSourceChange(event) {
  const source = event.target;
  if (!(source instanceof HTMLSelectElement) || source.name !== "source") return;
  const title = source.form && source.form.elements.namedItem("title");
  if (title instanceof HTMLSelectElement) { title.value = ""; title.disabled = true; }
}
document.addEventListener("input", resetTitleOnSourceChange, true);
document.addEventListener("change", resetTitleOnSourceChange, true);

// Copy buttons (a citation, a BibTeX entry): shown only when the clipboard can be used.
document.addEventListener("DOMContentLoaded", () => {
  document.querySelectorAll("button[data-copy]").forEach((button) => {
    if (!navigator.clipboard) return;
    button.hidden = false;
    button.addEventListener("click", async () => {
      const status = button.parentElement.querySelector(".copy-status");
      try {
        await navigator.clipboard.writeText(button.dataset.copy);
        if (status) status.textContent = button.dataset.copied || "Citation copied.";
      } catch (error) {
        if (status) status.textContent = "Copy failed: select the text and copy it.";
      }
    });
  });
});

// --- Paper search ----------------------------------------------------------------------------
// Typing runs the search through #paper-live (GET, URL replaced, nothing recorded); Enter or
// the button submits #paper-form (POST, recorded in the chosen research run, URL pushed).
let lastSubmit = -1;

// A submit supersedes the typing before it: abort a live search in flight (its rows must not
// replace the submitted search's) and drop live triggers still waiting on their delay.
document.addEventListener("submit", (event) => {
  if (!(event.target instanceof HTMLFormElement) || event.target.id !== "paper-form") return;
  lastSubmit = event.timeStamp;
  const live = document.getElementById("paper-live");
  if (live && window.htmx) window.htmx.trigger(live, "htmx:abort");
}, true);

// Typing in the entity box asks for suggestions; it must not also run the search on every
// keystroke ("Lo" is no entity, and the soft filter would hide most passages). A name picked
// from the suggestions (inputType "insertReplacementText"), Enter, or leaving the box searches.
document.addEventListener("htmx:confirm", (event) => {
  const source = event.detail.elt;
  const trigger = event.detail.triggeringEvent;
  if (!(source instanceof HTMLElement) || source.id !== "paper-live" || !trigger) return;
  if (trigger.timeStamp <= lastSubmit) { event.preventDefault(); return; }
  if (trigger.type !== "input") return;
  const box = trigger.target;
  const typed = trigger.inputType && trigger.inputType !== "insertReplacementText";
  if (box instanceof HTMLInputElement && box.name === "entities" && typed) event.preventDefault();
});

// The live search's URL names only what the user chose: no CSRF token (it is for the POST),
// and selects left at their first option (the defaults: all words, relevance, by paper,
// standard detail) are left out.
document.addEventListener("htmx:configRequest", (event) => {
  const live = event.detail.elt;
  if (!(live instanceof HTMLElement) || live.id !== "paper-live") return;
  const form = live.closest("form");
  const data = event.detail.formData;
  data.delete("csrfmiddlewaretoken");
  if (!form) return;
  form.querySelectorAll("select:not([multiple])").forEach((select) => {
    const first = select.options[0];
    if (first && select.value === first.value) data.delete(select.name);
  });
});

// History holds what was submitted or clicked, never half-typed searches: typing replaces the
// current entry's URL, so before a new entry is pushed the current one gets back the URL of
// the search it was entered with. Back then returns to the previous submitted search.
let enteredAt = location.href;
document.addEventListener("htmx:beforeHistoryUpdate", (event) => {
  const update = event.detail.history;
  if (update && update.type === "push" && location.href !== enteredAt) {
    history.replaceState({ htmx: true }, "", enteredAt);
  }
});
document.addEventListener("htmx:pushedIntoHistory", () => { enteredAt = location.href; });
window.addEventListener("popstate", () => { enteredAt = location.href; });
