// @ts-check
/**
 * Embeds the event list on another site with one tag:
 *   <script src="https://EVENTS-SITE/event-widget.js" data-category="golf-circle" data-locale="de" async></script>
 * It inserts an iframe of /event-widget right after the tag and keeps the iframe's height in step
 * with its content, growing and shrinking, through the widget's postMessage reports (app/layouts/widget-layout.tsx).
 * `data-event="{uuid}"` shows one event only.
 */
(function embedEventWidget() {
  const script = /** @type {HTMLScriptElement | null} */ (document.currentScript);
  if (!script || !script.src) return;
  const origin = new URL(script.src).origin;
  const category = script.dataset.category;
  const locale = script.dataset.locale === "de" ? "/de" : "";
  const src = new URL(`${locale}/event-widget`, origin);
  if (category) src.searchParams.set("category", category);
  if (script.dataset.event) src.searchParams.set("event", script.dataset.event);

  const frame = document.createElement("iframe");
  frame.src = src.toString();
  frame.title = script.dataset.title || (locale ? "Veranstaltungen" : "Events");
  frame.loading = "lazy";
  frame.style.cssText = "display:block;width:100%;border:0;min-height:80px;height:640px;overflow:hidden";
  frame.setAttribute("scrolling", "no");
  script.insertAdjacentElement("afterend", frame);

  window.addEventListener("message", (event) => {
    if (event.origin !== origin || event.source !== frame.contentWindow) return;
    const message = event.data;
    if (!message || message.type !== "event-widget:resize" || typeof message.height !== "number") return;
    const height = Math.max(80, Math.min(20000, Math.ceil(message.height)));
    frame.style.height = `${height}px`;
  });
})();
