// @ts-check
/**
 * Embeds the event list on another site with one tag:
 *   <script src="https://EVENTS-SITE/event-widget.js" data-category="golf-circle" data-locale="de" async></script>
 * It inserts an iframe of /event-widget right after the tag and keeps the iframe's height in step
 * with its content through the widget's postMessage reports.
 */
(function embedEventWidget() {
  const script = /** @type {HTMLScriptElement | null} */ (document.currentScript);
  if (!script || !script.src) return;
  const origin = new URL(script.src).origin;
  const category = script.dataset.category;
  const locale = script.dataset.locale === "de" ? "/de" : "";
  const src = new URL(`${locale}/event-widget`, origin);
  if (category) src.searchParams.set("category", category);

  const frame = document.createElement("iframe");
  frame.src = src.toString();
  frame.title = script.dataset.title || (locale ? "Veranstaltungen" : "Events");
  frame.loading = "lazy";
  frame.style.cssText = "display:block;width:100%;border:0;min-height:320px;height:640px;overflow:hidden";
  frame.setAttribute("scrolling", "no");
  script.insertAdjacentElement("afterend", frame);

  window.addEventListener("message", (event) => {
    if (event.origin !== origin || event.source !== frame.contentWindow) return;
    const message = event.data;
    if (!message || message.type !== "event-widget:resize" || typeof message.height !== "number") return;
    const height = Math.max(120, Math.min(20000, Math.ceil(message.height)));
    frame.style.height = `${height}px`;
  });
})();
