import type { UploadView } from "../../core/contracts/uploads";
import type { Actor } from "../../core/domain/permissions";
import type { Database } from "../db/client";
import { storeBookingUpload, type StoreUploadInput } from "../uploads/store-upload";
import { openForLaterDetails } from "./manage-later-details";

type LaterUploadDeps = { db: Database; manageLinkSecret: string; now: () => Date };

/**
 * Stores a file for an upload item that may be completed later, after checkout, through "manage my
 * booking" (decision 023): the same streaming, type, size, length and budget checks as on the booking
 * pages, but the booking is the one the signed link opens (checked again, locked, when the file has
 * arrived), the item must be marked `completableLater`, and the form's deadline must not have passed.
 * The upload becomes the item's answer in one transaction with an audit row; a refusal changes nothing.
 */
export function uploadLaterFile(deps: LaterUploadDeps, caller: Actor, input: Omit<StoreUploadInput, "booking"> & { token: string }): Promise<UploadView> {
  const { token, ...upload } = input;
  return storeBookingUpload(deps.db, {
    ...upload,
    booking: {
      kind: "after-checkout",
      open: async (db, { lock }) => {
        const { booking } = await openForLaterDetails({ ...deps, db }, caller, { token, lock });
        return { id: booking.id, formId: booking.formId, formVersionId: booking.formVersionId, status: booking.status, afterCheckout: true };
      },
    },
  });
}
