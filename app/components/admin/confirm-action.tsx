import type { ReactNode } from "react";
import { useTranslation } from "../../utils/use-translation";
import { Button as AriaButton, Dialog, DialogTrigger, Heading, Modal, ModalOverlay } from "react-aria-components";
import { Form } from "react-router";
import { buttonClasses } from "../button";

/**
 * A back-office action that asks first (issue 13: "each confirmed"): the button opens a modal dialog
 * (React Aria: focus moves in and stays, Escape or Cancel closes, focus returns to the button) with
 * what will happen and a real form post, so the action is the page's, with its answer and errors.
 */
export function ConfirmAction({
  label,
  title,
  children,
  confirmLabel,
  fields,
  tone = "default",
  action,
  defaultOpen = false,
  accessibleLabel,
  confirmField,
  wide = false,
}: {
  label: string;
  /** The button's name when several buttons share one visible label (it must start with that label). */
  accessibleLabel?: string;
  title: string;
  children?: ReactNode;
  confirmLabel: string;
  /** The hidden fields of the post (intent and whatever the action needs). */
  fields: Record<string, string>;
  tone?: "default" | "danger";
  /** Another route's action; the current page's by default. */
  action?: string;
  /** Open when rendered: the page answered this dialog's form with errors next to its fields. */
  defaultOpen?: boolean;
  /** A name and value the confirm button posts (a dialog whose steps post different intents). */
  confirmField?: { name: string; value: string };
  /** Room for more than a few fields (a mail's preview). */
  wide?: boolean;
}) {
  const { t } = useTranslation();
  const danger = tone === "danger";
  return (
    <DialogTrigger defaultOpen={defaultOpen}>
      <AriaButton aria-label={accessibleLabel} className={buttonClasses("ghost", "sm", danger ? "text-danger-700 ring-danger-700/40" : "")}>{label}</AriaButton>
      <ModalOverlay isDismissable className="fixed inset-0 z-50 flex items-center justify-center bg-navy-950/50 p-4">
        <Modal className={`max-h-[calc(100dvh-2rem)] w-full ${wide ? "max-w-2xl" : "max-w-md"} overflow-y-auto rounded-2xl bg-white p-6 shadow-xl outline-none`}>
          <Dialog className="outline-none" role="alertdialog">
            {({ close }) => (
              <Form method="post" action={action} onSubmit={() => close()} className="space-y-4">
                <Heading slot="title" className="font-display text-xl font-semibold text-navy-900">
                  {title}
                </Heading>
                {children && <div className="space-y-3 text-sm text-ink">{children}</div>}
                {Object.entries(fields).map(([name, value]) => (
                  <input key={name} type="hidden" name={name} value={value} />
                ))}
                <div className="flex flex-wrap justify-end gap-3 pt-2">
                  <AriaButton onPress={close} className={buttonClasses("ghost", "md")}>
                    {t("admin.confirm.cancel")}
                  </AriaButton>
                  <button type="submit" name={confirmField?.name} value={confirmField?.value} className={buttonClasses(danger ? "danger" : "primary", "md")}>
                    {confirmLabel}
                  </button>
                </div>
              </Form>
            )}
          </Dialog>
        </Modal>
      </ModalOverlay>
    </DialogTrigger>
  );
}
