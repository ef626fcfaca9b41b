import { useEffect, useRef, useState } from "react";
import { useTranslation } from "../../utils/use-translation";
import { useRevalidator } from "react-router";
import type { HoldView } from "../../utils/hold-view";

/** The minutes left at which screen readers hear the time (decision 022): never every second. */
const announcedMinutes = new Set([10, 5, 2, 1]);

/**
 * Seconds left on a hold, counting down in the browser from what the server rendered. The first
 * render uses the server's number, so hydration matches; then the count follows the browser's
 * clock from that moment (a wrong clock on the visitor's machine does not matter: only the elapsed
 * time is used). When it reaches zero the page's loader runs again and shows what the server says.
 */
export function useHoldCountdown(hold: HoldView | null): number | null {
  const [secondsLeft, setSecondsLeft] = useState(hold?.secondsLeft ?? null);
  // The revalidator changes identity with its state; the count restarts only when the server's number does.
  const currentRevalidator = useRevalidator();
  const revalidator = useRef(currentRevalidator);
  revalidator.current = currentRevalidator;
  const initial = hold?.secondsLeft ?? null;
  useEffect(() => {
    setSecondsLeft(initial);
    if (initial === null || initial <= 0) return;
    const endsAt = Date.now() + initial * 1000;
    const timer = window.setInterval(() => {
      const left = Math.max(0, Math.ceil((endsAt - Date.now()) / 1000));
      setSecondsLeft(left);
      if (left === 0) {
        window.clearInterval(timer);
        void revalidator.current.revalidate();
      }
    }, 1000);
    return () => window.clearInterval(timer);
  }, [initial]);
  return secondsLeft;
}

/** `29:41`, or `1:05:09` when an hour or more is left. */
export function clockOf(seconds: number): string {
  const hours = Math.floor(seconds / 3600);
  const minutes = Math.floor((seconds % 3600) / 60);
  const rest = seconds % 60;
  const pad = (value: number) => String(value).padStart(2, "0");
  return hours > 0 ? `${hours}:${pad(minutes)}:${pad(rest)}` : `${pad(minutes)}:${pad(rest)}`;
}

/**
 * "Your places are held until … CET" and a live countdown. Without scripts the server's text stands
 * (the deadline and the time left when the page was made). For screen readers the ticking clock is a
 * `timer` whose live announcements are off; a separate polite live region speaks only at 10, 5, 2 and
 * 1 minutes left and when the hold has run out (decision 022).
 */
export function HoldCountdown({ hold, secondsLeft }: { hold: HoldView; secondsLeft: number }) {
  const { t } = useTranslation();
  const minutesLeft = Math.ceil(secondsLeft / 60);
  const over = secondsLeft === 0;
  const [announcement, setAnnouncement] = useState("");
  // Spoken once when the count enters one of the marked minutes (however the clock got there: a
  // sleeping tab may skip seconds), and once when it is over.
  useEffect(() => {
    if (over) setAnnouncement(t("hold.over"));
    else if (announcedMinutes.has(minutesLeft)) setAnnouncement(t("hold.minutesLeft", { count: minutesLeft }));
  }, [over, minutesLeft, t]);
  return (
    <div className={`rounded-xl px-5 py-4 ring-1 ring-inset ${over ? "bg-danger-50 ring-danger-700/20" : "bg-gold-100 ring-gold-600/30"}`} data-testid="hold-countdown">
      {over ? (
        <p className="font-semibold text-danger-700">{t("hold.over")}</p>
      ) : (
        <>
          <p className="text-sm text-ink">{t("hold.until", { time: hold.deadline })}</p>
          <p className="mt-2 flex flex-wrap items-baseline gap-x-3 text-ink">
            <span id="hold-timer-label" className="text-sm font-semibold">
              {t("hold.timeLeft")}
            </span>
            <span
              role="timer"
              aria-live="off"
              aria-labelledby="hold-timer-label"
              className="font-mono text-3xl font-bold tabular-nums text-navy-900"
              data-testid="hold-clock"
            >
              {clockOf(secondsLeft)}
            </span>
          </p>
        </>
      )}
      <p className="sr-only" aria-live="polite" aria-atomic="true">
        {announcement}
      </p>
    </div>
  );
}
