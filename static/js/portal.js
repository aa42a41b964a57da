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

// --- Failed searches ---------------------------------------------------------------------
// A search marked data-swap-errors (a form, a live-search element, a paging link) never leaves
// stale rows on screen: a failed request replaces its results with a panel that says what
// happened and what to do. The portal's own
// error answers are panels already (a 400 or 503 of the search, or an answer carrying the
// X-Portal-Error-Panel header); for anything else (a proxy's 502, the server refusing the
// request, no network) the panel is made here. A part of the results that loads on its own
// (the facet counts, also marked data-swap-errors) says so in its own place instead.
const REQUEST_ERRORS = {
  network: ["Could not reach the portal", "The search was not sent, or no answer came back: the network or the portal is down.", "Check your connection, then press Enter in the search box to try again."],
  timeout: ["The portal took too long to answer", "No answer came back in time; nothing is shown for this search.", "Try again in a moment, or narrow the search."],
  tooLong: ["The search is too long", "The server refused the search because its address is too long.", "Shorten the query or choose fewer filters."],
  unsent: ["The search is too long", "It was not sent: its address would be longer than the portal accepts.", "Shorten the query or choose fewer filters."],
  busy: ["Too many searches", "The portal refused the search: too many requests came from your address in the last minute.", "Wait a minute, then search again."],
  server: ["The portal could not answer", "The server answered with an error, so nothing was searched.", "Try again in a moment; if it keeps happening, tell the portal's administrators."],
  refused: ["The search was refused", "The server did not accept this request, so nothing was searched.", "Reload the page and search again."],
  part: ["This part could not be loaded", "The request for it failed.", "The results are not affected; search again to retry."],
};

// The element that asked, when it wants failures shown: one that replaces the results (a search
// form, the paper page's live-search element, a paging link: each names its hx-target) or a
// part of them that loads on its own (the facet counts).
function swapsErrors(detail) {
  const elt = detail && (detail.requestConfig ? detail.requestConfig.elt : detail.elt);
  return elt instanceof HTMLElement && elt.hasAttribute("data-swap-errors") ? elt : null;
}

function replacesResults(source) {
  return source.hasAttribute("hx-target");
}

function searchSource(detail) {
  const elt = swapsErrors(detail);
  return elt && replacesResults(elt) ? elt : null;
}

function errorKind(status) {
  if (status === 0) return "network";
  if (status === 413 || status === 414 || status === 431) return "tooLong";
  if (status === 429) return "busy";
  return status >= 500 ? "server" : "refused";
}

function showRequestError(source, kind, status, extra) {
  const whole = replacesResults(source);
  const target = whole ? document.querySelector(source.getAttribute("hx-target")) : source;
  if (!target) return;
  const [title, what, advice] = REQUEST_ERRORS[whole ? kind : "part"];
  const panel = document.createElement("div");
  panel.className = "error panel";
  panel.setAttribute("role", "alert");
  panel.dataset.requestError = String(status);
  const heading = document.createElement("h2");
  heading.textContent = title;
  panel.append(heading);
  for (const text of [what + (status ? ` (HTTP ${status})` : ""), extra, advice]) {
    if (!text) continue;
    const line = document.createElement("p");
    line.textContent = text;
    panel.append(line);
  }
  target.replaceChildren(panel);
  const statusLine = document.getElementById("result-status");
  if (whole && statusLine) statusLine.textContent = `${title}: nothing was searched.`;
}

document.addEventListener("htmx:beforeSwap", (event) => {
  const xhr = event.detail.xhr;
  const source = swapsErrors(event.detail);
  if (!source || xhr.status < 400) return;
  event.detail.isError = false;
  // The view's own answer (its 400 or 503, made for this place) replaces what was there; a
  // generic error panel only ever replaces a whole search's results.
  const panel = Boolean(xhr.getResponseHeader("X-Portal-Error-Panel"));
  const own = (xhr.status === 400 || xhr.status === 503) && !panel;
  if (own || (panel && replacesResults(source))) {
    event.detail.shouldSwap = true;
    return;
  }
  event.detail.shouldSwap = false;
  const wait = xhr.getResponseHeader("Retry-After");
  showRequestError(source, errorKind(xhr.status), xhr.status, wait ? `Retry after ${wait} seconds.` : "");
});

document.addEventListener("htmx:sendError", (event) => {
  const source = swapsErrors(event.detail);
  if (source) showRequestError(source, "network", 0, "");
});

document.addEventListener("htmx:timeout", (event) => {
  const source = swapsErrors(event.detail);
  if (source) showRequestError(source, "timeout", 0, "");
});

// --- Statute search ------------------------------------------------------------------------
// Empty filters are left out of the request, so pushed URLs stay short and shareable.
document.addEventListener("htmx:configRequest", (event) => {
  if (!event.detail.elt.hasAttribute("data-drop-empty")) return;
  const data = event.detail.formData;  // htmx 2: the FormData the request URL is built from
  for (const [name, value] of Array.from(data.entries())) {
    if (typeof value === "string" && value.trim() === "") data.delete(name);
  }
});

// The statute form tells the server which event sent a request: a citation opens its
// section on submit, but not while the user is still typing it.
document.addEventListener("htmx:configRequest", (event) => {
  const form = event.detail.elt;
  if (!(form instanceof HTMLFormElement) || form.id !== "statute-form") return;
  const trigger = event.detail.triggeringEvent;
  event.detail.headers["X-Portal-Trigger"] = trigger && trigger.type === "input" ? "input" : "submit";
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

// --- Both search forms: the Filters disclosure -------------------------------------------
// portal.css shows the filters on wide screens whether or not the disclosure is open; a
// browser that cannot style a closed disclosure's content gets it opened here instead.
if (!CSS.supports("selector(::details-content)")) {
  const wide = window.matchMedia("(min-width: 761px)");
  const openOnWide = () => {
    if (wide.matches) document.querySelectorAll("details.filters").forEach((d) => { d.open = true; });
  };
  document.addEventListener("DOMContentLoaded", openOnWide);
  wide.addEventListener("change", openOnWide);
}

// --- Paper search ----------------------------------------------------------------------------
// The categories checklist: a box that narrows the list as you type (it searches nothing and
// sends nothing), and the chosen categories named above the list.
function setUpPicker(picker) {
  const narrow = picker.querySelector("[data-picker-filter]");
  const chosen = picker.querySelector("[data-picker-chosen]");
  const items = Array.from(picker.querySelectorAll(".picker-item"));
  narrow.hidden = false;
  narrow.addEventListener("input", (event) => {
    // Not a search: the form's live-search trigger never hears this box.
    event.stopPropagation();
    const text = narrow.value.trim().toLowerCase();
    for (const item of items) item.hidden = Boolean(text) && !item.textContent.toLowerCase().includes(text);
  });
  // Enter in the narrowing box must not submit the search form.
  narrow.addEventListener("keydown", (event) => { if (event.key === "Enter") event.preventDefault(); });
  picker.addEventListener("change", () => {
    const names = items.map((item) => item.querySelector("input")).filter((box) => box.checked).map((box) => box.value);
    chosen.replaceChildren();
    if (!names.length) { chosen.textContent = "None chosen: every category."; return; }
    const strong = document.createElement("strong");
    strong.textContent = names.join(", ");
    chosen.append("Chosen: ", strong);
  });
}
document.addEventListener("DOMContentLoaded", () => {
  document.querySelectorAll("[data-picker]").forEach(setUpPicker);
});

// Typing runs the search through #paper-live (GET, URL replaced, nothing recorded); Enter or
// the button submits #paper-form (POST, recorded in the chosen research run, URL pushed by the
// answer's HX-Push-Url). History: "Every search" below.
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

// --- Every search: history holds what was submitted or clicked -----------------------------
// Typing (or changing a filter) searches in place and replaces the current entry's URL; Enter,
// the button, a paging or filter link push a new entry. The paper page's live search replaces by
// its own attribute (hx-replace-url); a form marked data-live-history (the statute search, the
// survey) pushes, except what an input or change event sent, which replaces. Before a new entry
// is pushed the current one gets back the URL it was entered with, so Back returns to the search
// submitted before, never to a half-typed one; pushing the URL it was entered with replaces it.
let enteredAt = location.href;
document.addEventListener("htmx:beforeHistoryUpdate", (event) => {
  const update = event.detail.history;
  if (!update || update.type !== "push") return;
  const config = event.detail.requestConfig || {};
  const trigger = config.triggeringEvent;
  const live = config.elt instanceof HTMLElement && config.elt.hasAttribute("data-live-history");
  if ((live && trigger && (trigger.type === "input" || trigger.type === "change"))
      || new URL(update.path, location.href).href === enteredAt) {
    update.type = "replace";
    return;
  }
  if (location.href !== enteredAt) history.replaceState({ htmx: true }, "", enteredAt);
});
document.addEventListener("htmx:pushedIntoHistory", () => { enteredAt = location.href; });
window.addEventListener("popstate", () => { enteredAt = location.href; });

// --- Every search: paging lands on the first new row -----------------------------------------
// Next and Previous replace the rows in place: the first new row is brought to the top of the
// screen and focused, so the eye and the keyboard both start there (not at the old scroll).
document.addEventListener("htmx:afterSettle", (event) => {
  const source = event.detail.requestConfig && event.detail.requestConfig.elt;
  if (!(source instanceof HTMLElement) || !source.closest("nav.paging")) return;
  const row = document.querySelector("#results ol.hits > li");
  if (!row) return;
  row.tabIndex = -1;
  row.scrollIntoView({ block: "start" });
  row.focus({ preventScroll: true });
});

// --- Every search on a phone: the rows come first ----------------------------------------------
// Once results are shown the introduction and the help under the fields make way (portal.css,
// .when-results), and a search submitted or typed in the main box closes the Filters disclosure
// to its one-line summary, so the first row is on the first screen (a filter being changed
// keeps it open: the person is still choosing).
const phone = window.matchMedia("(max-width: 760px)");
document.addEventListener("htmx:afterSwap", (event) => {
  const target = event.detail.target;
  if (!(target instanceof HTMLElement) || target.id !== "results") return;
  const shown = !target.querySelector(".idle");
  document.querySelectorAll(".intro, form[role=search][data-swap-errors]").forEach((el) => {
    el.classList.toggle("when-results", shown);
  });
  const trigger = event.detail.requestConfig && event.detail.requestConfig.triggeringEvent;
  const typed = trigger && trigger.target instanceof HTMLElement && trigger.target.hasAttribute("data-search-box");
  if (!shown || !phone.matches || !trigger || (trigger.type !== "submit" && !typed)) return;
  document.querySelectorAll("details.filters[open]").forEach((details) => { details.open = false; });
  const row = target.querySelector("ol.hits > li, ol.survey-rows > li");
  const top = row ? row.getBoundingClientRect().top : 0;
  if (row && (top < 0 || top > window.innerHeight - 80)) row.scrollIntoView({ block: "start" });
});

// --- Every search box: its length limit is said, never silently applied ----------------------
// A box's maxlength cuts what is typed or pasted past it without a word: near the limit a note
// under the box counts the characters, and a paste that was cut says so.
const LENGTH_NEAR = 0.9;
function lengthNote(box) {
  let note = document.getElementById(`${box.id}-length`);
  if (!note) {
    note = document.createElement("p");
    note.id = `${box.id}-length`;
    note.className = "length-note";
    note.setAttribute("aria-live", "polite");
    (box.closest(".query-row") || box).insertAdjacentElement("afterend", note);
  }
  return note;
}
document.addEventListener("paste", (event) => {
  const box = event.target;
  if (!(box instanceof HTMLInputElement) || !box.hasAttribute("data-length-note") || box.maxLength <= 0) return;
  const pasted = (event.clipboardData && event.clipboardData.getData("text")) || "";
  const kept = box.value.length - ((box.selectionEnd || 0) - (box.selectionStart || 0));
  box.dataset.pasteCut = String(kept + pasted.length > box.maxLength ? kept + pasted.length : 0);
}, true);
document.addEventListener("input", (event) => {
  const box = event.target;
  if (!(box instanceof HTMLInputElement) || !box.hasAttribute("data-length-note") || box.maxLength <= 0) return;
  const limit = box.maxLength;
  const wanted = Number(box.dataset.pasteCut || 0);
  box.dataset.pasteCut = "0";
  let text = "";
  if (wanted) text = `Cut to ${limit.toLocaleString("en")} characters: the pasted text had ${wanted.toLocaleString("en")}, the rest was left out.`;
  else if (box.value.length >= limit) text = `${limit.toLocaleString("en")} characters, the most a search takes: anything typed past it is left out.`;
  else if (box.value.length >= limit * LENGTH_NEAR) text = `${box.value.length.toLocaleString("en")} of ${limit.toLocaleString("en")} characters.`;
  const note = lengthNote(box);
  note.textContent = text;
  note.classList.toggle("warn-text", Boolean(wanted) || box.value.length >= limit);
}, true);

// --- Every search: an address too long for the server is never sent ------------------------
// Registered last, so it measures the request as the handlers above left it. The portal answers
// addresses up to <meta name="portal-max-url-bytes">; htmx sends the form as
// encodeURIComponent pairs, whose length is their size in bytes.
document.addEventListener("htmx:configRequest", (event) => {
  const form = searchSource(event.detail);
  const limit = Number(document.querySelector('meta[name="portal-max-url-bytes"]')?.content);
  if (!form || !limit || event.detail.verb !== "get") return;
  const pairs = [];
  for (const [name, value] of event.detail.formData.entries()) {
    if (typeof value === "string") pairs.push(`${encodeURIComponent(name)}=${encodeURIComponent(value)}`);
  }
  const bytes = new TextEncoder().encode(event.detail.path).length + 1 + pairs.join("&").length;
  if (bytes <= limit) return;
  event.preventDefault();
  showRequestError(form, "unsent", 0, `Its address would be ${bytes.toLocaleString("en")} bytes; the portal accepts ${limit.toLocaleString("en")}.`);
});
