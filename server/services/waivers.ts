import type { RecordPaperWaiver, SaveWaiverText, SetEventWaiver } from "../../core/contracts/waivers";
import type { Actor } from "../../core/domain/permissions";
import type { Locale } from "../../core/i18n/locales";
import type { Deps } from "../deps/deps";
import type { StaffMember } from "../staff/bookings/staff-booking";
import { manageWaivers, staffBookingWaivers } from "../waivers/booking-waivers";
import { listWaiverTexts, readEventWaiver } from "../waivers/list-waiver-texts";
import type { WaiverAccess } from "../waivers/open-waiver";
import { readWaiverPage } from "../waivers/read-waiver-page";
import { recordPaperWaiver } from "../waivers/record-paper-waiver";
import { saveWaiverText } from "../waivers/save-waiver-text";
import { setEventWaiver } from "../waivers/set-event-waiver";
import { signWaiver, type SignWaiverInput } from "../waivers/sign-waiver";
import { staffWaiverPdf, waiverPdfOf } from "../waivers/waiver-pdf";

/**
 * Waivers (issue 31, decision 080): the person's sign page, signature and PDF through their sign link
 * or the manage link; the staff's texts, an event's waiver, a booking's waivers, their PDFs and paper waivers.
 */
export function bindWaivers(deps: Deps) {
  return {
    page: (actor: Actor, input: { access: WaiverAccess; locale: Locale }) => readWaiverPage(deps, actor, input),
    sign: (actor: Actor, input: SignWaiverInput) => signWaiver(deps, actor, input),
    pdf: (actor: Actor, input: { access: WaiverAccess; locale: Locale }) => waiverPdfOf(deps, actor, input),
    /** The manage page's list: each person's state and own sign link. */
    ofManagedBooking: (actor: Actor, input: { token: string; locale: Locale }) => manageWaivers(deps, actor, input),
    listTexts: (actor: Actor) => listWaiverTexts(deps, actor),
    saveText: (actor: Actor, input: SaveWaiverText & { staffEmail: string }) => saveWaiverText(deps, actor, input),
    ofEvent: (actor: Actor, input: { eventId: string }) => readEventWaiver(deps, actor, input),
    setForEvent: (actor: Actor, input: SetEventWaiver & { eventId: string; staffEmail: string }) => setEventWaiver(deps, actor, input),
    ofBooking: (actor: Actor, input: { bookingId: string; locale: Locale }) => staffBookingWaivers(deps, actor, input),
    staffPdf: (actor: Actor, input: { bookingId: string; participantId: string; locale: Locale }) => staffWaiverPdf(deps, actor, input),
    recordPaper: (actor: Actor, input: RecordPaperWaiver & { bookingId: string; staff: StaffMember }) => recordPaperWaiver(deps, actor, input),
  };
}
