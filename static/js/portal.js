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
