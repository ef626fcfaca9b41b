/**
 * Booking forms: the three pages every event's form has (main participant, companions and extras,
 * summary and payment), built from what the event sells, and their insertion with parent/child items.
 */
import { randomUUID } from "node:crypto";
import type { FormDefinition } from "../../../core/contracts/form-definitions";
import type { FormItemKind } from "../../../core/contracts/forms";
import type { Transaction } from "../client";
import { publishDraftAsVersion } from "../form-versions";
import { formItems, formPages, forms } from "../schema";
import { t, richText, type Text } from "./common";
import { fullTrackOffer, priceList, type EventSeed, type EventStyle, type TrackOffer } from "./event-seed";
import type { SiteSettings } from "./site";

type Choice = { value: string; label: Text };
export type ItemSeed = {
  kind: FormItemKind;
  name: string;
  label: Text;
  help?: Text;
  required?: boolean;
  options?: Record<string, unknown>;
  /** Only for `group` items: stored with `parent_id` pointing at the group. */
  children?: ItemSeed[];
};
type ItemExtra = Omit<ItemSeed, "kind" | "name" | "label">;
export type PageSeed = { title: Text; items: ItemSeed[] };
export type FormSeed = { participant: PageSeed; extras: PageSeed; summary: PageSeed };
export const formPageOrder = ["participant", "extras", "summary"] as const;

const item = (kind: FormItemKind, name: string, label: Text, extra: ItemExtra = {}): ItemSeed => ({ kind, name, label, ...extra });
const choice = (value: string, en: string, de: string): Choice => ({ value, label: t(en, de) });

const salutations = [choice("mr", "Mr.", "Herr"), choice("mrs", "Mrs.", "Frau"), choice("divers", "Divers", "Divers")];
const academicTitles = [choice("dr", "Dr.", "Dr."), choice("prof", "Prof.", "Prof."), choice("prof_dr", "Prof. Dr.", "Prof. Dr.")];
const handicapRanges = [
  choice("hcp_0_18", "Up to 18", "Bis 18"),
  choice("hcp_19_36", "18.1 to 36", "18,1 bis 36"),
  choice("hcp_37_54", "36.1 to 54", "36,1 bis 54"),
  choice("none", "No handicap yet", "Noch kein Handicap"),
];

const certificateFile = { accept: ["application/pdf", "image/jpeg", "image/png"], maxBytes: 10 * 1024 * 1024 };

function participantPage(travelDocumentsNeeded: boolean): PageSeed {
  const field = (kind: FormItemKind, name: string, label: Text, extra: ItemExtra = {}) => item(kind, `main.${name}`, label, extra);
  const travelHelp = travelDocumentsNeeded ? { help: t("Needed for the hotel registration abroad.", "Wird für die Hotelanmeldung im Ausland benötigt.") } : {};
  return {
    title: t("Main participant", "Hauptteilnehmer"),
    items: [
      field("headline", "headline", t("Your details", "Ihre Angaben"), {
        help: t("We send your booking confirmation and invoice to this address.", "An diese Adresse senden wir Ihre Buchungsbestätigung und Rechnung."),
      }),
      field("select", "salutation", t("Salutation", "Anrede"), { required: true, options: { choices: salutations } }),
      field("select", "title", t("Title", "Titel"), { options: { choices: academicTitles } }),
      field("input", "forename", t("First name", "Vorname"), { required: true, options: { maxLength: 100 } }),
      field("input", "surname", t("Last name", "Nachname"), { required: true, options: { maxLength: 100 } }),
      field("input", "company", t("Company", "Firma"), { options: { maxLength: 150 } }),
      field("input", "street", t("Street and number", "Straße und Hausnummer"), { required: true, options: { maxLength: 150 } }),
      field("input", "address_line_2", t("Address line 2", "Adresszusatz"), { options: { maxLength: 150 } }),
      field("input", "postcode", t("Postcode", "Postleitzahl"), { required: true, options: { maxLength: 12 } }),
      field("input", "city", t("City", "Ort"), { required: true, options: { maxLength: 100 } }),
      field("country_select", "country", t("Country", "Land"), { required: true, options: { default: "DE" } }),
      field("input", "vat_id", t("VAT ID", "USt-IdNr."), {
        help: t("Only needed for invoices to a company.", "Nur für Rechnungen an ein Unternehmen erforderlich."),
        options: { maxLength: 20 },
      }),
      field("international_phone", "phone", t("Phone", "Telefon"), {
        required: true,
        help: t("We only call you about your booking.", "Wir rufen Sie nur wegen Ihrer Buchung an."),
        options: { defaultCountry: "DE" },
      }),
      field("input", "fax", t("Fax", "Fax"), { options: { maxLength: 30 } }),
      field("input", "email", t("Email", "E-Mail"), { required: true, options: { type: "email" } }),
      field("date", "date_of_birth", t("Date of birth", "Geburtsdatum"), { required: travelDocumentsNeeded, ...travelHelp, options: { max: "today" } }),
      field("nationality_select", "nationality", t("Nationality", "Staatsangehörigkeit"), { required: travelDocumentsNeeded, options: { default: "DE" } }),
    ],
  };
}

function companionItem(event: EventSeed, help: Text): ItemSeed {
  return item("companion", "companions", t("Companions", "Begleitpersonen"), {
    help,
    options: { maxCompanions: event.maxCompanions, types: event.companions.map((companion) => ({ type: companion.type, priceKey: companion.type })) },
  });
}

const priceListItem = (event: EventSeed): ItemSeed =>
  item("price_list", "prices", t("Prices", "Preise"), { options: { priceKeys: priceList(event).map((price) => price.key) } });

const handicapItem = item("radio", "golf.handicap", t("Your golf handicap", "Ihr Golf-Handicap"), { required: true, options: { choices: handicapRanges } });
const handicapCertificateItem = item("file", "golf.handicap_certificate", t("Handicap certificate", "Handicap-Nachweis"), {
  help: t("PDF, JPG or PNG, max. 10 MB.", "PDF, JPG oder PNG, max. 10 MB."),
  options: certificateFile,
});

function tripExtrasPage(event: EventSeed): PageSeed {
  return {
    title: t("Companions & extras", "Begleitpersonen & Extras"),
    items: [
      companionItem(
        event,
        t(
          "Add the people travelling with you. Every companion takes a place on the trip.",
          "Fügen Sie die Personen hinzu, die mit Ihnen reisen. Jede Begleitperson belegt einen Platz.",
        ),
      ),
      priceListItem(event),
      item("html", "rooms_notice", t("Accommodation", "Unterkunft"), {
        options: {
          html: richText(
            "<p>Accommodation is in <strong>double rooms only</strong>. Single rooms cannot be booked for this trip.</p>",
            "<p>Die Unterbringung erfolgt <strong>ausschließlich in Doppelzimmern</strong>. Einzelzimmer können für diese Reise nicht gebucht werden.</p>",
          ),
        },
      }),
      item("upload", "intro_video", t("Your introduction video", "Ihr Vorstellungsvideo"), {
        required: true,
        help: t(
          "Up to 30 seconds: tell us who you are and about your yoga and golf experience. MP4, MOV or WebM, max. 50 MB.",
          "Höchstens 30 Sekunden: Erzählen Sie uns, wer Sie sind und welche Yoga- und Golferfahrung Sie mitbringen. MP4, MOV oder WebM, max. 50 MB.",
        ),
        options: { accept: ["video/mp4", "video/quicktime", "video/webm"], maxBytes: 50 * 1024 * 1024, maxVideoSeconds: 30 },
      }),
      handicapItem,
      handicapCertificateItem,
      item("checkbox", "golf.rental_clubs", t("I would like to rent a set of golf clubs on site", "Ich möchte vor Ort ein Golfschläger-Set leihen")),
      item("multiselect", "yoga.interests", t("Which yoga styles interest you?", "Welche Yoga-Stile interessieren Sie?"), {
        options: {
          choices: [
            choice("hatha", "Hatha", "Hatha"),
            choice("vinyasa", "Vinyasa flow", "Vinyasa Flow"),
            choice("yin", "Yin yoga", "Yin Yoga"),
            choice("meditation", "Meditation", "Meditation"),
            choice("breathwork", "Breathwork (pranayama)", "Atemübungen (Pranayama)"),
          ],
        },
      }),
      item("image", "island_image", t("Koh Samui", "Koh Samui"), {
        options: { src: event.imageUrl, alt: event.imageAlt },
      }),
      item("group", "arrival", t("Your arrival", "Ihre Anreise"), {
        help: t(
          "Flights are not included. Tell us when you land and we will arrange your transfer.",
          "Flüge sind nicht inbegriffen. Teilen Sie uns Ihre Ankunft mit, dann organisieren wir Ihren Transfer.",
        ),
        children: [
          item("input", "arrival.flight_number", t("Flight number", "Flugnummer"), { options: { maxLength: 10 } }),
          item("datetime", "arrival.landing", t("Landing at Samui Airport (local time)", "Landung am Flughafen Samui (Ortszeit)")),
        ],
      }),
      // May be completed later, on "manage my booking", until the form's deadline (decision 023).
      item("textarea", "dietary_requirements", t("Dietary requirements or allergies", "Ernährungswünsche oder Allergien"), {
        options: { maxLength: 500, completableLater: true },
      }),
    ],
  };
}

function golfExtrasPage(event: EventSeed): PageSeed {
  return {
    title: t("Companions & extras", "Begleitpersonen & Extras"),
    items: [
      companionItem(
        event,
        t(
          "Golf-playing companions join the tournament; non-playing companions join the reception and the dinner. Every companion takes a place.",
          "Golfspielende Begleitpersonen spielen im Turnier mit, nicht golfspielende sind bei Empfang und Dinner dabei. Jede Begleitperson belegt einen Platz.",
        ),
      ),
      priceListItem(event),
      handicapItem,
      handicapCertificateItem,
      item("input", "golf.home_club", t("Home club", "Heimatclub"), { options: { maxLength: 120 } }),
      item("time", "golf.preferred_tee_time", t("Preferred tee time", "Gewünschte Startzeit"), {
        help: t("We try to honour your wish when drawing the flights.", "Wir berücksichtigen Ihren Wunsch nach Möglichkeit bei der Flight-Einteilung."),
        options: { min: "08:00", max: "13:00", stepMinutes: 10 },
      }),
      item("textarea", "golf.flight_partners", t("Who would you like to play with?", "Mit wem möchten Sie gern in einem Flight spielen?"), {
        options: { maxLength: 500 },
      }),
    ],
  };
}

function trackExtrasPage(event: EventSeed, track: TrackOffer): PageSeed {
  const vehicleOptions = {
    vehicleKeys: track.vehicles.map((vehicle) => vehicle.key),
    instructor: true,
    addons: track.addons.map((addon) => addon.key),
  };
  // Several days get a choice per day; a single day needs only the plain vehicle picker.
  const vehiclePicker =
    track.days > 1
      ? item("vehicles_per_day", "vehicles_per_day", t("Vehicle, instructor and extras per day", "Fahrzeug, Instruktor und Extras pro Tag"), {
          required: true,
          options: { days: Array.from({ length: track.days }, (_, index) => index + 1), ...vehicleOptions, copyDay1ToDay2: true },
        })
      : item("vehicles", "vehicles", t("Vehicle, instructor and extras", "Fahrzeug, Instruktor und Extras"), { required: true, options: vehicleOptions });
  return {
    title: t("Vehicles & companions", "Fahrzeuge & Begleitpersonen"),
    items: [
      item("headline", "track.headline", t("Your time on track", "Ihre Zeit auf der Strecke")),
      vehiclePicker,
      companionItem(
        event,
        t(
          "A driving companion shares your car on track; a co-driver rides along as a passenger.",
          "Eine fahrende Begleitperson teilt sich Ihr Fahrzeug auf der Strecke; Beifahrer fahren als Passagiere mit.",
        ),
      ),
      priceListItem(event),
      item("radio", "track.experience", t("Your track experience", "Ihre Rennstreckenerfahrung"), {
        required: true,
        options: {
          choices: [
            choice("first", "This is my first track day", "Das ist mein erster Trackday"),
            choice("some", "1–5 track days", "1–5 Trackdays"),
            choice("experienced", "More than 5 track days", "Mehr als 5 Trackdays"),
            choice("licence", "I hold a racing licence", "Ich besitze eine Rennlizenz"),
          ],
        },
      }),
      item("input", "track.driving_licence_number", t("Driving licence number", "Führerscheinnummer"), { required: true, options: { maxLength: 30 } }),
      item("time", "track.arrival_time", t("Expected arrival at the paddock", "Voraussichtliche Ankunft im Fahrerlager"), {
        help: t(
          "Registration opens at 6:30; the safety briefing starts at 8:00.",
          "Die Akkreditierung öffnet um 6:30 Uhr; das Sicherheitsbriefing beginnt um 8:00 Uhr.",
        ),
        options: { min: "06:30", max: "09:00", stepMinutes: 15 },
      }),
      item("wysiwyg", "track.safety_notice", t("Safety on track", "Sicherheit auf der Strecke"), {
        options: {
          html: richText(
            "<p>Your safety comes first. Please note:</p><ul><li>Helmets are provided with rental cars; bring your own if you drive your own car.</li><li>Wear closed shoes and clothing that covers arms and legs.</li><li>Overtaking is only allowed on the straights and on the left.</li></ul>",
            "<p>Ihre Sicherheit steht an erster Stelle. Bitte beachten Sie:</p><ul><li>Zu Mietfahrzeugen stellen wir Helme; mit eigenem Fahrzeug bringen Sie bitte Ihren eigenen Helm mit.</li><li>Tragen Sie geschlossene Schuhe und Kleidung, die Arme und Beine bedeckt.</li><li>Überholt wird nur auf den Geraden und links.</li></ul>",
          ),
        },
      }),
    ],
  };
}

/** What the summary page names of the site: the support hours (the money due is said by the page from the draft's price). */
export type SummarySettings = Pick<SiteSettings, "depositPercent" | "balanceDueDaysBeforeEvent" | "supportHours">;

function summaryPage(site: SummarySettings): PageSeed {
  return {
    title: t("Summary & payment", "Zusammenfassung & Zahlung"),
    items: [
      item("textarea", "additional_comments", t("Additional comments", "Anmerkungen"), { options: { maxLength: 2000 } }),
      item("checkbox", "billing.separate", t("Send the invoice to a different billing address", "Rechnung an eine abweichende Rechnungsadresse senden")),
      item("group", "billing", t("Billing address", "Rechnungsadresse"), {
        options: { visibleWhen: "billing.separate" },
        children: [
          item("input", "billing.company", t("Company", "Firma"), { options: { maxLength: 150 } }),
          item("input", "billing.name", t("Name", "Name"), { required: true, options: { maxLength: 200 } }),
          item("input", "billing.street", t("Street and number", "Straße und Hausnummer"), { required: true, options: { maxLength: 150 } }),
          item("input", "billing.address_line_2", t("Address line 2", "Adresszusatz"), { options: { maxLength: 150 } }),
          item("input", "billing.postcode", t("Postcode", "Postleitzahl"), { required: true, options: { maxLength: 12 } }),
          item("input", "billing.city", t("City", "Ort"), { required: true, options: { maxLength: 100 } }),
          item("country_select", "billing.country", t("Country", "Land"), { required: true, options: { default: "DE" } }),
          item("input", "billing.vat_id", t("VAT ID", "USt-IdNr."), { options: { maxLength: 20 } }),
        ],
      }),
      item("checkbox", "terms", t("I accept the terms and conditions.", "Ich akzeptiere die AGB."), {
        required: true,
        options: { termsPageSlug: t("terms", "agb") },
      }),
      item(
        "checkbox",
        "create_account",
        t("Create a customer account to save my details for future bookings", "Kundenkonto anlegen und meine Daten für künftige Buchungen speichern"),
      ),
      item("radio", "payment_option", t("Payment method", "Zahlungsart"), {
        required: true,
        // The page replaces this with what is due when as the draft stands (deposit, or everything close to the event): no fixed terms here (issue 28).
        help: t("Pay by card now, or by bank transfer against our invoice.", "Jetzt per Karte bezahlen oder per Überweisung auf Rechnung."),
        // A booking request (SMA) is paid after staff verified it: no payment method is needed to send one.
        options: {
          choices: [choice("credit_card", "Credit card", "Kreditkarte"), choice("invoice", "Invoice (bank transfer)", "Rechnung (Überweisung)")],
          notRequiredWhen: "sma",
        },
      }),
      item("sma", "sma", t("Booking request with call-back", "Buchungsanfrage mit Rückruf"), {
        options: {
          choices: [
            choice("requested", "Send my booking as a request and call me to verify it", "Buchung als Anfrage senden und mich zur Bestätigung anrufen"),
          ],
          description: t(
            `Send us your booking request without paying now. Our team will call you during our support hours (${site.supportHours.en}) to go through the details; afterwards you can complete the payment.`,
            `Senden Sie uns Ihre Buchungsanfrage, ohne jetzt zu bezahlen. Unser Team ruft Sie während unserer Servicezeiten (${site.supportHours.de}) an, um die Details zu besprechen; danach können Sie die Zahlung abschließen.`,
          ),
        },
      }),
    ],
  };
}

/** The extras page of each style of event: what its visitors choose besides themselves. */
const extrasPages = {
  trip: (event) => tripExtrasPage(event),
  golf: (event) => golfExtrasPage(event),
  track: (event) => trackExtrasPage(event, event.track ?? fullTrackOffer(event.days)),
} satisfies Record<EventStyle, (event: EventSeed) => PageSeed>;

/** The booking form of `event`: main participant, extras by the event's style, summary and payment. */
export function formFor(event: EventSeed, site: SiteSettings): FormSeed {
  // Trips abroad need date of birth and nationality for the hotel registration.
  return { participant: participantPage(event.style === "trip"), extras: extrasPages[event.style](event), summary: summaryPage(site) };
}

export type FormPageIds = Record<(typeof formPageOrder)[number], string>;

/** Inserts the form of `eventId` with its pages and items; answers the ids, the items' by item name. */
export async function insertForm(
  tx: Transaction,
  target: { eventId: string; name: string; formId?: string; pageIds?: FormPageIds },
  form: FormSeed,
): Promise<{ formId: string; formVersionId: string; pageIds: FormPageIds; itemIds: Map<string, string> }> {
  const formId = target.formId ?? randomUUID();
  const pageIds = target.pageIds ?? { participant: randomUUID(), extras: randomUUID(), summary: randomUUID() };
  await tx.insert(forms).values({ id: formId, eventId: target.eventId, name: target.name });
  await tx.insert(formPages).values(formPageOrder.map((slot, index) => ({ id: pageIds[slot], formId, position: index + 1, title: form[slot].title })));

  const itemIds = new Map<string, string>();
  const rows: (typeof formItems.$inferInsert)[] = [];
  for (const slot of formPageOrder) {
    let position = 0;
    // Children follow their group directly so that ordering by position renders them in place.
    const visit = (items: ItemSeed[], parentId: string | null) => {
      for (const { children, ...seed } of items) {
        if (itemIds.has(seed.name)) throw new Error(`Form item name ${seed.name} is used twice in the form "${target.name}".`);
        const id = randomUUID();
        itemIds.set(seed.name, id);
        position += 1;
        rows.push({
          id,
          pageId: pageIds[slot],
          parentId,
          position,
          kind: seed.kind,
          name: seed.name,
          label: seed.label,
          help: seed.help ?? null,
          required: seed.required ?? false,
          options: seed.options ?? {},
        });
        if (children) visit(children, id);
      }
    };
    visit(form[slot].items, null);
  }
  await tx.insert(formItems).values(rows);
  // Bookings are made on a published version (decision 036): a made form is published as version 1.
  const { version } = await publishDraftAsVersion(tx, formId, null, new Date());
  return { formId, formVersionId: version.id, pageIds, itemIds };
}

/**
 * The form a new event starts with in the back office: the main participant and the summary with
 * payment, the two pages every booking needs (who books, how they pay); staff add the event's own
 * items in the form builder.
 */
export function starterFormPages(site: SummarySettings): PageSeed[] {
  return [participantPage(false), summaryPage(site)];
}

/** Pages written as seeds as the builder's definition: fresh uuids, a group's children right after it. */
export function definitionOfPages(pages: PageSeed[]): FormDefinition {
  return {
    pages: pages.map((page) => {
      const items: FormDefinition["pages"][number]["items"] = [];
      const visit = (seeds: ItemSeed[], parentUuid: string | null) => {
        for (const { children, ...seed } of seeds) {
          const uuid = randomUUID();
          items.push({
            uuid,
            parent_uuid: parentUuid,
            kind: seed.kind,
            name: seed.name,
            label: seed.label,
            help: seed.help ?? null,
            required: seed.required ?? false,
            options: seed.options ?? {},
          });
          if (children) visit(children, uuid);
        }
      };
      visit(page.items, null);
      return { uuid: randomUUID(), title: page.title, items };
    }),
  };
}
