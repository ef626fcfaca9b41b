import { useEffect, useRef, useState } from "react";
import type SignaturePad from "signature_pad";
import { useTranslation } from "../../utils/use-translation";

/**
 * The drawn signature (decision 080): a canvas run by `signature_pad`, loaded only in the browser and
 * only on this page. Each finished stroke writes the drawing as a PNG data URL into the hidden
 * `signature_png` field the form posts. Without JavaScript nothing of it is shown and the tick below
 * is the signature; with it, drawing stays optional for whoever cannot draw (keyboard, screen reader).
 */
export function SignatureField({ onDrawnChange, error }: { onDrawnChange: (drawn: boolean) => void; error: string | undefined }) {
  const { t } = useTranslation();
  const [ready, setReady] = useState(false);
  const [value, setValue] = useState("");
  /** The pad is attached once its module has loaded: until then a stroke draws nothing. */
  const [padReady, setPadReady] = useState(false);
  const canvasRef = useRef<HTMLCanvasElement | null>(null);
  const padRef = useRef<SignaturePad | null>(null);

  useEffect(() => setReady(true), []);
  useEffect(() => {
    const canvas = canvasRef.current;
    if (!ready || !canvas) return;
    let cancelled = false;
    void import("signature_pad").then(({ default: Pad }) => {
      if (cancelled) return;
      // Sharp lines on high-density screens: the canvas's pixels follow the device's.
      const ratio = Math.max(window.devicePixelRatio || 1, 1);
      canvas.width = canvas.offsetWidth * ratio;
      canvas.height = canvas.offsetHeight * ratio;
      canvas.getContext("2d")?.scale(ratio, ratio);
      const pad = new Pad(canvas, { penColor: "#0b1630", backgroundColor: "rgba(255,255,255,0)" });
      pad.addEventListener("endStroke", () => {
        setValue(pad.toDataURL("image/png"));
        onDrawnChange(true);
      });
      padRef.current = pad;
      setPadReady(true);
    });
    return () => {
      cancelled = true;
      padRef.current?.off();
      padRef.current = null;
    };
  }, [ready, onDrawnChange]);

  if (!ready) return null;
  const clear = () => {
    padRef.current?.clear();
    setValue("");
    onDrawnChange(false);
  };
  return (
    <fieldset className="space-y-2" aria-describedby="signature-hint">
      <legend className="block text-sm font-semibold text-navy-900">{t("waiver.page.signature")}</legend>
      <p id="signature-hint" className="text-xs text-ink-soft">
        {t("waiver.page.signatureHint")}
      </p>
      <canvas
        ref={canvasRef}
        aria-label={t("waiver.page.signatureCanvas")}
        data-ready={padReady ? "true" : undefined}
        className={`block h-40 w-full touch-none rounded-lg border-2 border-dashed bg-white ${error ? "border-danger-700" : "border-navy-900/30"}`}
      />
      <input type="hidden" name="signature_png" value={value} />
      <button type="button" onClick={clear} className="text-sm font-semibold text-navy-700 underline underline-offset-4">
        {t("waiver.page.clear")}
      </button>
      {error && <p className="text-sm font-medium text-danger-700">{error}</p>}
    </fieldset>
  );
}
