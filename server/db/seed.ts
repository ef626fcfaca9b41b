/**
 * Sample data for a fresh installation (PRODUCT.md "Sample data"): the operator, three categories,
 * seven events that between them show every state a visitor can meet, a booking form per event,
 * the legal content pages and a few experiences for the home page.
 *
 * Dates are relative to `now` so the demo never goes stale. Events, forms, form pages and content
 * pages have fixed uuids (`seedIds`) so tests and links can name them.
 */
import { randomBytes, randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import type { FormItemKind } from "../../core/contracts/forms";
import { addDays, operatorTimeZone, operatorToday, type IsoDate } from "../../core/domain/dates";
import { percentOf } from "../../core/domain/pricing";
import type { Locale } from "../../core/i18n/locales";
import { hashPassword } from "../auth/passwords";
import { sanitizeRichText } from "../rich-text";
import { issueInvoice } from "../invoices/issue-invoice";
import type { Database, Transaction } from "./client";
import {
  bookings,
  eventCategories,
  eventCategoryTranslations,
  eventDayResources,
  eventPrices,
  events,
  experiences,
  formItems,
  formPages,
  forms,
  pages,
  pageTranslations,
  participants,
  sites,
  users,
} from "./schema";

export const seedIds = {
  events: {
    /** Bookable: the spec's sample trip (min 12, 108.00 / 88.00 EUR, 30-second video). */
    golfYogaTrip: "16360190-9fac-4734-a04f-c5465a43a472",
    /** Bookable: two days with per-day rental vehicles, instructors and add-ons. */
    trackDayTwoDays: "b4976521-5c19-4233-ad0c-67d0e06fdba3",
    /** Bookable: one-day golf tournament. */
    golfCircleTournament: "f14d3dfc-a0cd-4400-ae99-99db11d538b9",
    /** Fully booked: four confirmed bookings of four people fill all 16 places. */
    golfCircleFinal: "5b118576-79c2-4c62-915e-e1c2ebab0332",
    /** Not bookable yet: `bookable_from` lies 30 days ahead. */
    trackDayNotBookableYet: "37ca21e1-0112-4c46-919d-a0a20470f1c4",
    /** Registration closed: the deadline passed yesterday. */
    trackSprintClosed: "3243829f-b0e9-458e-9e88-592d1c0d790e",
    /** Past: took place 40 days ago. */
    golfCircleOpenerPast: "0e40761f-2923-4080-b553-3be899b71201",
  },
  forms: {
    golfYogaTrip: "3a6ca845-f832-4e8d-8d69-22656b54e637",
    trackDayTwoDays: "de95324e-0299-4db7-a215-f275e0e951f6",
    golfCircleTournament: "8e89f816-042d-4100-b96c-5b088371f82b",
    golfCircleFinal: "b921b296-8ee3-4d5b-96ca-69cbadd6114d",
    trackDayNotBookableYet: "cb981b7c-6428-4b4d-8227-eeaf3f69b311",
    trackSprintClosed: "7b2c8095-5465-460b-85d1-d12f15692bd0",
    golfCircleOpenerPast: "26a1be3e-d835-4bcd-afb5-35b03f867b96",
  },
  /** Pages of each booking form, in order: 1 main participant, 2 companions & extras, 3 summary & payment. */
  formPages: {
    golfYogaTrip: {
      participant: "b8f26720-46aa-4d42-a885-1795e4a6d90d",
      extras: "f4ddc980-eac5-479c-b812-6f1efdbee1ab",
      summary: "1d4ad8d1-1387-4d2f-942b-c7800295fd72",
    },
    trackDayTwoDays: {
      participant: "7f8769e8-963b-4365-b03e-a60b88ed30f7",
      extras: "0d9c0bd3-7aa0-424a-86fa-deaa2b6cc2d0",
      summary: "c4f0aa2d-99cf-43f4-ad87-09f0731c19ad",
    },
    golfCircleTournament: {
      participant: "4408473e-3561-418a-bd3f-f160cec90e83",
      extras: "1fcd830f-bf30-42f0-82f1-ebdccfd65ca6",
      summary: "99124018-30b3-484f-936c-17fe6405dcbe",
    },
    golfCircleFinal: {
      participant: "f89effbc-fda4-43d1-aecb-befb9b4f803c",
      extras: "1293367e-ee8e-4e19-83be-9f834be12192",
      summary: "9fe235a0-78e3-4a4e-ab63-95ffe8472528",
    },
    trackDayNotBookableYet: {
      participant: "9a9ec44b-e737-4957-a4ce-e5a306cbd4fe",
      extras: "78beff13-6975-49ca-a71d-19ef01bbc1e9",
      summary: "c0f52fcd-9052-40b5-9124-b81413601ae4",
    },
    trackSprintClosed: {
      participant: "d167071d-2199-4e66-9e4a-1ba20ca85e0f",
      extras: "caef470a-c39f-4518-91b5-8efb1771fedc",
      summary: "4d2b275d-a84a-49aa-9793-06d4edd96c72",
    },
    golfCircleOpenerPast: {
      participant: "f1ec4a6e-c98d-40e0-a548-ac830936264d",
      extras: "ff80f167-d92a-4786-970c-e958130d722b",
      summary: "c1decf7c-0933-4af4-a198-582bb4a1813a",
    },
  },
  pages: {
    terms: "4447caa9-e1b3-400c-a380-0cc815eeee65",
    privacy: "a3825c19-5e1c-4a63-85ea-e3f7f23927aa",
    imprint: "ecae09d2-30a3-4179-8cd9-16c70e33e2a3",
  },
} as const;

type EventKey = keyof typeof seedIds.events;

// ── Small helpers ──────────────────────────────────────────────────────────────────────────────

/** Seeded texts always exist in both languages, so unlike `LocalizedText` German is not optional. */
type Text = { en: string; de: string };
const t = (en: string, de: string): Text => ({ en, de });
const richText = (en: string, de: string): Text => ({ en: sanitizeRichText(en), de: sanitizeRichText(de) });

const dayMs = 24 * 60 * 60 * 1000;
const shiftDays = (instant: Date, days: number): Date => new Date(instant.getTime() + days * dayMs);

/** Deadlines and sales starts are announced in the operator's wall-clock time, so build them there. */
function operatorInstant(date: IsoDate, time: string): Date {
  const wallClockAsUtc = new Date(`${date}T${time}:00Z`);
  return new Date(wallClockAsUtc.getTime() - operatorOffsetMinutes(wallClockAsUtc) * 60_000);
}

function operatorOffsetMinutes(instant: Date): number {
  const zoneName = new Intl.DateTimeFormat("en-US", { timeZone: operatorTimeZone, timeZoneName: "longOffset" })
    .formatToParts(instant)
    .find((part) => part.type === "timeZoneName")?.value;
  const match = zoneName ? /^GMT([+-])(\d{2}):(\d{2})$/.exec(zoneName) : null;
  // Plain "GMT" means no offset.
  if (!match) return 0;
  const minutes = Number(match[2]) * 60 + Number(match[3]);
  return match[1] === "-" ? -minutes : minutes;
}

/** Half-up rounding in integer arithmetic, so no float ever decides a cent. */

const randomHex = (bytes: number): string => randomBytes(bytes).toString("hex");

// ── Operator ───────────────────────────────────────────────────────────────────────────────────

const company = "Trackside & Fairway Events GmbH";

const operator = {
  company,
  street: "Leopoldstraße 118",
  zip: "80802",
  city: "München",
  country: "DE",
  phone: "+49 89 2154 8870",
  fax: "+49 89 2154 8879",
  email: "info@trackside-fairway.de",
  website: "https://www.trackside-fairway.de",
  registryCourt: "Amtsgericht München, HRB 254871",
  managingDirector: "Katharina Brandl",
  vatId: "DE318452967",
  supportEmail: "support@trackside-fairway.de",
  supportHours: t("Mon–Fri 8:00–18:00 CET", "Mo–Fr 8:00–18:00 Uhr MEZ"),
  travelOperatorNotice: t(
    `All events are organised by ${company} as travel operator within the meaning of the German package travel law (§§ 651a et seq. BGB).`,
    `Alle Veranstaltungen werden von der ${company} als Reiseveranstalter im Sinne des Pauschalreiserechts (§§ 651a ff. BGB) durchgeführt.`,
  ),
  bankName: "Stadtsparkasse München",
  iban: "DE69701500001004589321",
  bic: "SSKMDEMMXXX",
  depositPercent: 25,
  balanceDueDaysBeforeEvent: 30,
  holdMinutes: 30,
} satisfies typeof sites.$inferInsert;

/** The site stores the country as one plain string; the German legal pages need it in German. */
const operatorCountry = t(operator.country, "Deutschland");

// ── Categories ─────────────────────────────────────────────────────────────────────────────────

type CategoryKey = "trackDays" | "golfCircle" | "travel";
type CategoryTranslation = { name: string; slug: string; description: string };

const categories: { key: CategoryKey; translations: Record<Locale, CategoryTranslation> }[] = [
  {
    key: "trackDays",
    translations: {
      en: {
        name: "Track days",
        slug: "track-days",
        description: "Drive renowned circuits in a rental car or your own, with instructors and full pit support.",
      },
      de: {
        name: "Trackdays",
        slug: "trackdays",
        description: "Fahren Sie auf renommierten Rennstrecken – im Mietwagen oder mit dem eigenen Auto, mit Instruktoren und kompletter Boxenbetreuung.",
      },
    },
  },
  {
    key: "golfCircle",
    translations: {
      en: {
        name: "Golf circle",
        slug: "golf-circle",
        description: "Our tournament series on selected courses in southern Germany – play the whole season or just your favourite rounds.",
      },
      de: {
        name: "Golf-Circle-Serie",
        slug: "golf-circle-serie",
        description: "Unsere Turnierserie auf ausgewählten Plätzen in Süddeutschland – spielen Sie die ganze Saison oder nur Ihre Lieblingsrunden.",
      },
    },
  },
  {
    key: "travel",
    translations: {
      en: { name: "Travel", slug: "travel", description: "Golf and wellness trips to beautiful places around the world, in small groups and fully organised." },
      de: {
        name: "Reisen",
        slug: "reisen",
        description: "Golf- und Wellnessreisen an die schönsten Orte der Welt – in kleinen Gruppen und rundum organisiert.",
      },
    },
  },
];

// ── Offers: what an event sells, from which its prices, resources and form options follow ──────

type CompanionType = NonNullable<typeof participants.$inferInsert.companionType>;
type VehicleKey = "street_gt" | "race_car" | "own_car";
type AddonKey = "pit_box" | "technical_support";
type PriceKey = "participant" | CompanionType | VehicleKey | "instructor" | AddonKey;
type PriceKind = typeof eventPrices.$inferInsert.kind;
type ResourceKind = typeof eventDayResources.$inferInsert.kind;

const priceLabels: Record<PriceKey, Text> = {
  participant: t("Main participant", "Hauptteilnehmer"),
  golf_playing: t("Golf-playing companion", "Golfspielende Begleitperson"),
  non_playing: t("Non-playing companion", "Nicht golfspielende Begleitperson"),
  driver: t("Driving companion (driver)", "Fahrende Begleitperson (Fahrer)"),
  co_driver: t("Co-driver", "Beifahrer"),
  street_gt: t("Rental street GT", "Straßen-GT (Miete)"),
  race_car: t("Rental race car", "Rennwagen (Miete)"),
  own_car: t("Own car", "Eigenes Fahrzeug"),
  instructor: t("Personal instructor", "Persönlicher Instruktor"),
  pit_box: t("Pit box", "Boxenplatz"),
  technical_support: t("Technical support", "Technische Betreuung"),
};

type CompanionOffer = { type: CompanionType; cents: number };
/** `stock: null` is unlimited (own car). */
type TrackOffer = {
  days: number;
  vehicles: { key: VehicleKey; cents: number; stock: number | null }[];
  instructor: { cents: number; stock: number };
  addons: { key: AddonKey; cents: number; stock: number }[];
};

type PriceSeed = { kind: PriceKind; key: PriceKey; cents: number; perDay: boolean };

function priceList(event: EventSeed): PriceSeed[] {
  const list: PriceSeed[] = [{ kind: "participant", key: "participant", cents: event.participantCents, perDay: false }];
  for (const companion of event.companions) list.push({ kind: "companion", key: companion.type, cents: companion.cents, perDay: false });
  const track = event.track;
  if (track) {
    for (const vehicle of track.vehicles) list.push({ kind: "vehicle", key: vehicle.key, cents: vehicle.cents, perDay: true });
    list.push({ kind: "instructor", key: "instructor", cents: track.instructor.cents, perDay: true });
    for (const addon of track.addons) list.push({ kind: "addon", key: addon.key, cents: addon.cents, perDay: true });
  }
  return list;
}

function dayResources(track: TrackOffer): { day: number; kind: ResourceKind; key: string; stock: number | null }[] {
  const perDay = [
    ...track.vehicles.map((vehicle) => ({ kind: "vehicle" as const, key: vehicle.key, stock: vehicle.stock })),
    { kind: "instructor" as const, key: "instructor", stock: track.instructor.stock },
    ...track.addons.map((addon) => ({ kind: addon.key, key: addon.key, stock: addon.stock })),
  ];
  return Array.from({ length: track.days }, (_, index) => perDay.map((resource) => ({ ...resource, day: index + 1 }))).flat();
}

// ── Form items ─────────────────────────────────────────────────────────────────────────────────

type Choice = { value: string; label: Text };
type ItemSeed = {
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
type PageSeed = { title: Text; items: ItemSeed[] };
type FormSeed = { participant: PageSeed; extras: PageSeed; summary: PageSeed };
const formPageOrder = ["participant", "extras", "summary"] as const;

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
      item("textarea", "dietary_requirements", t("Dietary requirements or allergies", "Ernährungswünsche oder Allergien"), { options: { maxLength: 500 } }),
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

function summaryPage(): PageSeed {
  const { depositPercent, balanceDueDaysBeforeEvent: dueDays } = operator;
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
        help: t(
          `A deposit of ${depositPercent} % is due on booking, the balance ${dueDays} days before the event starts.`,
          `Bei Buchung wird eine Anzahlung von ${depositPercent} % fällig, der Restbetrag ${dueDays} Tage vor Veranstaltungsbeginn.`,
        ),
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
            `Send us your booking request without paying now. Our team will call you during our support hours (${operator.supportHours.en}) to go through the details; afterwards you can complete the payment.`,
            `Senden Sie uns Ihre Buchungsanfrage, ohne jetzt zu bezahlen. Unser Team ruft Sie während unserer Servicezeiten (${operator.supportHours.de}) an, um die Details zu besprechen; danach können Sie die Zahlung abschließen.`,
          ),
        },
      }),
    ],
  };
}

function formFor(event: EventSeed): FormSeed {
  const extras = event.track ? trackExtrasPage(event, event.track) : event.category === "travel" ? tripExtrasPage(event) : golfExtrasPage(event);
  return { participant: participantPage(event.category === "travel"), extras, summary: summaryPage() };
}

// ── Bookings that fill the final ───────────────────────────────────────────────────────────────

type ParticipantInsert = typeof participants.$inferInsert;
type MainParticipantSeed = Required<
  Pick<ParticipantInsert, "salutation" | "forename" | "surname" | "street" | "postcode" | "city" | "country" | "email" | "phone">
> &
  Pick<ParticipantInsert, "title" | "company" | "addressLine2">;
type PartySeed = {
  code: string;
  locale: Locale;
  submittedDaysAgo: number;
  handicap: string;
  main: MainParticipantSeed;
  companions: { type: CompanionType; forename: string; surname: string }[];
};

const finalParties: PartySeed[] = [
  {
    code: "GC-7K4M2Q",
    locale: "de",
    submittedDaysAgo: 38,
    handicap: "hcp_0_18",
    main: {
      salutation: "mr",
      title: "dr",
      forename: "Stefan",
      surname: "Hofmann",
      company: "Hofmann Immobilien GmbH",
      street: "Maximilianstraße 12",
      postcode: "80539",
      city: "München",
      country: "DE",
      email: "stefan.hofmann@example.com",
      phone: "+49 89 4521 7730",
    },
    companions: [
      { type: "non_playing", forename: "Claudia", surname: "Hofmann" },
      { type: "golf_playing", forename: "Jonas", surname: "Hofmann" },
      { type: "golf_playing", forename: "Lea", surname: "Hofmann" },
    ],
  },
  {
    code: "GC-3PX9WD",
    locale: "en",
    submittedDaysAgo: 31,
    handicap: "hcp_19_36",
    main: {
      salutation: "mrs",
      forename: "Emily",
      surname: "Clarke",
      street: "14 Kensington Park Road",
      postcode: "W11 3BU",
      city: "London",
      country: "GB",
      email: "emily.clarke@example.com",
      phone: "+44 20 7946 0321",
    },
    companions: [
      { type: "golf_playing", forename: "James", surname: "Clarke" },
      { type: "golf_playing", forename: "Oliver", surname: "Bennett" },
      { type: "non_playing", forename: "Sophie", surname: "Bennett" },
    ],
  },
  {
    code: "GC-H8R5TN",
    locale: "de",
    submittedDaysAgo: 22,
    handicap: "hcp_0_18",
    main: {
      salutation: "mrs",
      title: "prof_dr",
      forename: "Birgit",
      surname: "Wagner",
      street: "Schillerstraße 45",
      postcode: "60313",
      city: "Frankfurt am Main",
      country: "DE",
      email: "birgit.wagner@example.org",
      phone: "+49 69 9821 4410",
    },
    companions: [
      { type: "golf_playing", forename: "Michael", surname: "Wagner" },
      { type: "golf_playing", forename: "Petra", surname: "Schulz" },
      { type: "golf_playing", forename: "Ralf", surname: "Schulz" },
    ],
  },
  {
    code: "GC-M2V6YB",
    locale: "de",
    submittedDaysAgo: 9,
    handicap: "hcp_37_54",
    main: {
      salutation: "mr",
      forename: "Lukas",
      surname: "Steiner",
      street: "Getreidegasse 21",
      addressLine2: "Top 4",
      postcode: "5020",
      city: "Salzburg",
      country: "AT",
      email: "lukas.steiner@example.org",
      phone: "+43 662 842519",
    },
    companions: [
      { type: "non_playing", forename: "Anna", surname: "Steiner" },
      { type: "golf_playing", forename: "Florian", surname: "Huber" },
      { type: "golf_playing", forename: "Maria", surname: "Huber" },
    ],
  },
];

/** Every person on a booking takes a place: the main participant and each companion. */
const placesOf = (parties: PartySeed[]): number => parties.reduce((places, party) => places + 1 + party.companions.length, 0);

/**
 * PRODUCT.md "Money": a deposit now and the remainder a set number of days before the start, unless
 * the event is that close already, in which case everything is due at once.
 */
function paymentSplit(totalCents: number, startsOn: IsoDate, bookedOn: IsoDate) {
  const remainderDueOn = addDays(startsOn, -operator.balanceDueDaysBeforeEvent);
  if (bookedOn >= remainderDueOn) return { depositCents: totalCents, remainderCents: 0, remainderDueOn: null };
  const depositCents = percentOf(totalCents, operator.depositPercent);
  return { depositCents, remainderCents: totalCents - depositCents, remainderDueOn };
}

// ── Events ─────────────────────────────────────────────────────────────────────────────────────

type EventSeed = {
  key: EventKey;
  category: CategoryKey;
  title: Text;
  teaser: Text;
  description: Text;
  location: Text;
  imageUrl: string;
  imageAlt: Text;
  startsOn: IsoDate;
  days: number;
  registrationDeadline: Date;
  bookableFrom: Date | null;
  capacity: number;
  minParticipants: number;
  placesTaken: number;
  participantCents: number;
  companions: CompanionOffer[];
  maxCompanions: number;
  track?: TrackOffer;
};

const golfCompanions = (golfPlaying: number, nonPlaying: number): CompanionOffer[] => [
  { type: "golf_playing", cents: golfPlaying },
  { type: "non_playing", cents: nonPlaying },
];
const trackCompanions = (driver: number, coDriver: number): CompanionOffer[] => [
  { type: "driver", cents: driver },
  { type: "co_driver", cents: coDriver },
];

/** The full motorsport offer; the sprint sells a smaller subset. */
const fullTrackOffer = (days: number): TrackOffer => ({
  days,
  vehicles: [
    { key: "street_gt", cents: 69000, stock: 6 },
    { key: "race_car", cents: 119000, stock: 4 },
    { key: "own_car", cents: 0, stock: null },
  ],
  instructor: { cents: 35000, stock: 5 },
  addons: [
    { key: "pit_box", cents: 25000, stock: 10 },
    { key: "technical_support", cents: 18000, stock: 8 },
  ],
});

function sampleEvents(now: Date): EventSeed[] {
  const today = operatorToday(now);
  const on = (days: number): IsoDate => addDays(today, days);
  const deadline = (days: number): Date => operatorInstant(on(days), "23:59");
  const openSince = shiftDays(now, -30);

  return [
    {
      key: "golfYogaTrip",
      category: "travel",
      title: t("Golf & Yoga Retreat on Koh Samui", "Golf- & Yoga-Retreat auf Koh Samui"),
      teaser: t(
        "Four days of tropical fairways, sunrise yoga and island calm in the Gulf of Thailand.",
        "Vier Tage tropische Fairways, Yoga bei Sonnenaufgang und Inselruhe im Golf von Thailand.",
      ),
      description: richText(
        `<p>Leave everyday life behind on Thailand's island of palms: on Koh Samui we combine relaxed rounds of golf on a hillside course with sea views and daily yoga on the beach, guided by an experienced teacher.</p>
<p>Non-golfers are very welcome as companions – while the flights are out on the course, they can enjoy the spa, the beach or a boat trip to the Ang Thong Marine Park.</p>
<h3>What's included</h3>
<ul><li>Three nights in a beachfront resort, double room with breakfast</li><li>Two rounds of golf including green fees and buggy</li><li>Sunrise yoga every morning and a guided evening meditation</li><li>Welcome dinner and farewell barbecue on the beach</li><li>All transfers on the island and an English- and German-speaking tour guide</li></ul>
<p>Please note: accommodation is in double rooms only; single rooms cannot be booked for this trip. The trip takes place with a minimum of 12 participants. Flights to Koh Samui are not included.</p>
<p>When you register, we ask you to upload a short video of up to 30 seconds introducing yourself and your yoga and golf experience, so that our teacher can tailor the sessions to the group.</p>`,
        `<p>Lassen Sie den Alltag auf Thailands Palmeninsel hinter sich: Auf Koh Samui verbinden wir entspannte Golfrunden auf einem Hügelplatz mit Meerblick und tägliches Yoga am Strand unter Anleitung einer erfahrenen Lehrerin.</p>
<p>Auch Nicht-Golfer sind als Begleitpersonen herzlich willkommen – während die Flights auf dem Platz unterwegs sind, genießen sie das Spa, den Strand oder einen Bootsausflug in den Ang-Thong-Meeresnationalpark.</p>
<h3>Leistungen</h3>
<ul><li>Drei Übernachtungen in einem Strandresort im Doppelzimmer mit Frühstück</li><li>Zwei Golfrunden inklusive Greenfees und Buggy</li><li>Jeden Morgen Yoga bei Sonnenaufgang und eine geführte Abendmeditation</li><li>Begrüßungsdinner und Abschiedsbarbecue am Strand</li><li>Alle Transfers auf der Insel und eine deutsch- und englischsprachige Reiseleitung</li></ul>
<p>Bitte beachten Sie: Die Unterbringung erfolgt ausschließlich in Doppelzimmern; Einzelzimmer können für diese Reise nicht gebucht werden. Die Reise findet ab 12 Teilnehmenden statt. Flüge nach Koh Samui sind nicht im Preis enthalten.</p>
<p>Bei der Anmeldung bitten wir Sie, ein kurzes Video von höchstens 30 Sekunden hochzuladen, in dem Sie sich und Ihre Yoga- und Golferfahrung vorstellen – so kann unsere Lehrerin die Einheiten auf die Gruppe abstimmen.</p>`,
      ),
      location: t("Koh Samui, Thailand", "Koh Samui, Thailand"),
      imageUrl: "/images/golf-yoga-island.svg",
      imageAlt: t(
        "Palm tree and a person in a yoga pose in front of a sunset over the sea",
        "Palme und eine Person in einer Yoga-Pose vor einem Sonnenuntergang über dem Meer",
      ),
      startsOn: on(120),
      days: 4,
      registrationDeadline: deadline(60),
      bookableFrom: openSince,
      capacity: 24,
      minParticipants: 12,
      placesTaken: 0,
      participantCents: 10800,
      companions: golfCompanions(10800, 8800),
      maxCompanions: 3,
    },
    {
      key: "trackDayTwoDays",
      category: "trackDays",
      title: t("Two-Day Track Experience at the Nürburgring", "Zwei-Tage-Trackday auf dem Nürburgring"),
      teaser: t(
        "Two full days on the Grand Prix circuit with rental GTs, race cars and personal instructors.",
        "Zwei volle Tage auf der Grand-Prix-Strecke mit Miet-GTs, Rennwagen und persönlichen Instruktoren.",
      ),
      description: richText(
        `<p>Two days, one of the most famous circuits in the world and plenty of open track time: our two-day track experience takes you onto the Nürburgring Grand Prix circuit in small groups sorted by experience.</p>
<p>Drive one of our street GTs or a fully prepared race car – or bring your own car. You choose your vehicle separately for each day, and if you like your day-one setup, simply copy it to day two.</p>
<ul><li>Two full track days with open pit lane in groups sorted by experience</li><li>Safety briefing, flag training and a guided sighting lap every morning</li><li>Rental street GTs and race cars per day, subject to availability</li><li>Optional personal instructor, pit box and technical support per day</li><li>Lunch, drinks and coffee in the paddock lounge on both days</li><li>Get-together with barbecue on the evening of day one</li></ul>
<p>A valid driving licence is required. Driving companions share the car with you; co-drivers ride along as passengers.</p>`,
        `<p>Zwei Tage, eine der berühmtesten Rennstrecken der Welt und jede Menge freie Fahrzeit: Bei unserem Zwei-Tage-Trackday fahren Sie in kleinen, nach Erfahrung eingeteilten Gruppen auf der Grand-Prix-Strecke des Nürburgrings.</p>
<p>Fahren Sie einen unserer Straßen-GTs oder einen voll ausgerüsteten Rennwagen – oder bringen Sie Ihr eigenes Fahrzeug mit. Das Fahrzeug wählen Sie für jeden Tag einzeln; gefällt Ihnen die Auswahl des ersten Tages, übernehmen Sie sie einfach für den zweiten.</p>
<ul><li>Zwei volle Trackdays mit offener Boxengasse in Gruppen nach Erfahrung</li><li>Sicherheitsbriefing, Flaggenkunde und geführte Einführungsrunde an jedem Morgen</li><li>Miet-Straßen-GTs und Rennwagen pro Tag, solange verfügbar</li><li>Optional persönlicher Instruktor, Boxenplatz und technische Betreuung pro Tag</li><li>Mittagessen, Getränke und Kaffee in der Paddock-Lounge an beiden Tagen</li><li>Get-together mit Barbecue am Abend des ersten Tages</li></ul>
<p>Voraussetzung ist ein gültiger Führerschein. Fahrende Begleitpersonen teilen sich das Fahrzeug mit Ihnen; Beifahrer fahren als Passagiere mit.</p>`,
      ),
      location: t("Nürburgring Grand Prix circuit, Eifel", "Nürburgring Grand-Prix-Strecke, Eifel"),
      imageUrl: "/images/track-day.svg",
      imageAlt: t("Sports car on a sweeping race track curve at dusk", "Sportwagen in einer weiten Rennstreckenkurve in der Abenddämmerung"),
      startsOn: on(45),
      days: 2,
      registrationDeadline: deadline(30),
      bookableFrom: openSince,
      capacity: 30,
      minParticipants: 10,
      placesTaken: 0,
      participantCents: 149000,
      companions: trackCompanions(99000, 39000),
      maxCompanions: 2,
      track: fullTrackOffer(2),
    },
    {
      key: "golfCircleTournament",
      category: "golfCircle",
      title: t("Golf Circle: Lake Starnberg Tournament", "Golf Circle: Turnier am Starnberger See"),
      teaser: t(
        "A Stableford tournament with Alpine views, followed by an awards dinner on the clubhouse terrace.",
        "Ein Stableford-Turnier mit Alpenblick und anschließendem Siegerehrungsdinner auf der Clubhausterrasse.",
      ),
      description: richText(
        `<p>The Golf Circle visits one of Bavaria's most beautiful courses: 18 holes between rolling meadows and the lake, with the Alps on the horizon on a clear day.</p>
<p>We play a Stableford tournament with handicap ranking in flights of four. Non-playing companions join us for the welcome reception and the awards dinner.</p>
<ul><li>Green fee for 18 holes and range balls</li><li>Welcome coffee, halfway snack and drinks on the course</li><li>Longest-drive and nearest-to-the-pin contests</li><li>Awards ceremony and three-course dinner in the clubhouse</li><li>Points for the Golf Circle season ranking</li></ul>`,
        `<p>Der Golf Circle zu Gast auf einem der schönsten Plätze Bayerns: 18 Löcher zwischen sanften Wiesen und dem See, bei klarer Sicht mit den Alpen am Horizont.</p>
<p>Gespielt wird ein Stableford-Turnier mit Handicap-Wertung in Viererflights. Nicht golfspielende Begleitpersonen sind beim Empfang und beim Siegerehrungsdinner dabei.</p>
<ul><li>Greenfee für 18 Löcher und Rangebälle</li><li>Begrüßungskaffee, Halfway-Snack und Getränke auf der Runde</li><li>Longest-Drive- und Nearest-to-the-Pin-Wertung</li><li>Siegerehrung und Drei-Gänge-Menü im Clubhaus</li><li>Punkte für die Golf-Circle-Saisonwertung</li></ul>`,
      ),
      location: t("Golf course at Lake Starnberg, Bavaria", "Golfplatz am Starnberger See, Bayern"),
      imageUrl: "/images/golf-circle.svg",
      imageAlt: t("Golf green with a red flag in front of a lake and mountains", "Golfgrün mit roter Fahne vor einem See und Bergen"),
      startsOn: on(25),
      days: 1,
      registrationDeadline: deadline(20),
      bookableFrom: openSince,
      capacity: 40,
      minParticipants: 16,
      placesTaken: 0,
      participantCents: 14900,
      companions: golfCompanions(14900, 4900),
      maxCompanions: 3,
    },
    {
      key: "golfCircleFinal",
      category: "golfCircle",
      title: t("Golf Circle Final at Bad Griesbach", "Golf-Circle-Finale in Bad Griesbach"),
      teaser: t(
        "The season finale on a championship course – with a gala dinner and the crowning of the Golf Circle champions.",
        "Das Saisonfinale auf einem Meisterschaftsplatz – mit Galadinner und der Ehrung der Golf-Circle-Sieger.",
      ),
      description: richText(
        `<p>The best of the season meet in Lower Bavaria's golf paradise: the Golf Circle final is played over 18 holes on a championship course in the rolling Rott Valley.</p>
<p>The final is limited to 16 people including companions, so that the evening stays a shared experience. Places are allocated in order of booking; if the event is full, join the waiting list and we will contact you as soon as a place becomes available.</p>
<ul><li>Green fee for the championship course and range balls</li><li>Shotgun start with a halfway snack and drinks on the course</li><li>Gala dinner with awards for the final and the season ranking</li><li>A Golf Circle gift for every participant</li></ul>`,
        `<p>Die Besten der Saison treffen sich im niederbayerischen Golfparadies: Das Golf-Circle-Finale wird über 18 Löcher auf einem Meisterschaftsplatz im hügeligen Rottal gespielt.</p>
<p>Das Finale ist auf 16 Personen einschließlich Begleitpersonen begrenzt, damit der Abend ein gemeinsames Erlebnis bleibt. Die Plätze werden in der Reihenfolge der Buchungen vergeben; ist die Veranstaltung ausgebucht, tragen Sie sich in die Warteliste ein – wir melden uns, sobald ein Platz frei wird.</p>
<ul><li>Greenfee für den Meisterschaftsplatz und Rangebälle</li><li>Kanonenstart mit Halfway-Snack und Getränken auf der Runde</li><li>Galadinner mit Siegerehrung für das Finale und die Saisonwertung</li><li>Ein Golf-Circle-Präsent für alle Teilnehmenden</li></ul>`,
      ),
      location: t("Bad Griesbach, Lower Bavaria", "Bad Griesbach, Niederbayern"),
      imageUrl: "/images/golf-final.svg",
      imageAlt: t("Golf flag on a green next to a trophy in the evening light", "Golffahne auf einem Grün neben einem Siegerpokal im Abendlicht"),
      startsOn: on(70),
      days: 1,
      registrationDeadline: deadline(60),
      bookableFrom: openSince,
      // Full by construction: the capacity is exactly what the seeded bookings hold.
      capacity: placesOf(finalParties),
      minParticipants: 12,
      placesTaken: placesOf(finalParties),
      participantCents: 18900,
      companions: golfCompanions(18900, 4900),
      maxCompanions: 3,
    },
    {
      key: "trackDayNotBookableYet",
      category: "trackDays",
      title: t("Grand Prix Track Day at the Hockenheimring", "Grand-Prix-Trackday am Hockenheimring"),
      teaser: t(
        "A day on the Grand Prix circuit – registration opens soon, so mark the date now.",
        "Ein Tag auf der Grand-Prix-Strecke – die Anmeldung startet in Kürze, merken Sie sich den Termin schon jetzt vor.",
      ),
      description: richText(
        `<p>Full throttle down the long straight, hard braking into the hairpin and the unique atmosphere of the Motodrom stadium section: our Hockenheimring track day brings the Grand Prix circuit within reach for everyone.</p>
<p>Registration opens on the date shown. Sign up early – rental cars and instructors are limited.</p>
<ul><li>A full track day on the Grand Prix circuit in groups sorted by experience</li><li>Safety briefing and guided sighting laps</li><li>Rental street GTs and race cars, subject to availability</li><li>Optional instructor, pit box and technical support</li><li>Lunch and drinks in the paddock</li></ul>`,
        `<p>Vollgas auf der langen Geraden, hartes Anbremsen in die Haarnadel und die besondere Atmosphäre im Motodrom: Unser Trackday am Hockenheimring macht die Grand-Prix-Strecke für alle erlebbar.</p>
<p>Die Anmeldung öffnet zum angegebenen Termin. Melden Sie sich früh an – Mietfahrzeuge und Instruktoren sind begrenzt.</p>
<ul><li>Ein voller Trackday auf der Grand-Prix-Strecke in Gruppen nach Erfahrung</li><li>Sicherheitsbriefing und geführte Einführungsrunden</li><li>Miet-Straßen-GTs und Rennwagen, solange verfügbar</li><li>Optional Instruktor, Boxenplatz und technische Betreuung</li><li>Mittagessen und Getränke im Fahrerlager</li></ul>`,
      ),
      location: t("Hockenheimring, Baden-Württemberg", "Hockenheimring, Baden-Württemberg"),
      imageUrl: "/images/track-season.svg",
      imageAlt: t("Race car on the start straight below a grandstand and start lights", "Rennwagen auf der Startgeraden unter Tribüne und Startampel"),
      startsOn: on(200),
      days: 1,
      registrationDeadline: deadline(180),
      bookableFrom: operatorInstant(on(30), "10:00"),
      capacity: 20,
      minParticipants: 8,
      placesTaken: 0,
      participantCents: 89000,
      companions: trackCompanions(59000, 29000),
      maxCompanions: 2,
      track: fullTrackOffer(1),
    },
    {
      key: "trackSprintClosed",
      category: "trackDays",
      title: t("Track Day Sprint at Bilster Berg", "Trackday-Sprint am Bilster Berg"),
      teaser: t(
        "A compact day on the rollercoaster circuit in East Westphalia – ideal for first-timers.",
        "Ein kompakter Tag auf der Achterbahn-Strecke in Ostwestfalen – ideal für Einsteiger.",
      ),
      description: richText(
        `<p>Bilster Berg is famous for its dramatic elevation changes, blind crests and more than 40 corners packed into 4.2 kilometres. Our track day sprint is the perfect introduction: a compact programme with plenty of driving and personal coaching.</p>
<ul><li>Theory session and safety briefing</li><li>Three 20-minute sessions on the full circuit</li><li>Rental street GT or your own car</li><li>Optional instructor riding along</li><li>Snacks and drinks in the pit building</li></ul>
<p>Ideal for newcomers and for drivers who want to get to know a new track with expert support.</p>`,
        `<p>Der Bilster Berg ist berühmt für seine dramatischen Höhenunterschiede, blinden Kuppen und über 40 Kurven auf 4,2 Kilometern. Unser Trackday-Sprint ist der perfekte Einstieg: ein kompaktes Programm mit viel Fahrzeit und persönlichem Coaching.</p>
<ul><li>Theorieeinheit und Sicherheitsbriefing</li><li>Drei Turns à 20 Minuten auf der kompletten Strecke</li><li>Miet-Straßen-GT oder eigenes Fahrzeug</li><li>Optional Instruktor auf dem Beifahrersitz</li><li>Snacks und Getränke im Boxengebäude</li></ul>
<p>Ideal für Einsteiger und für alle, die eine neue Strecke mit professioneller Unterstützung kennenlernen möchten.</p>`,
      ),
      location: t("Bilster Berg Drive Resort, Bad Driburg", "Bilster Berg Drive Resort, Bad Driburg"),
      imageUrl: "/images/track-sprint.svg",
      imageAlt: t("Sports car cresting a hill on a winding circuit", "Sportwagen auf der Kuppe einer kurvigen Rennstrecke"),
      startsOn: on(10),
      days: 1,
      registrationDeadline: shiftDays(now, -1),
      bookableFrom: shiftDays(now, -60),
      capacity: 20,
      minParticipants: 6,
      placesTaken: 0,
      participantCents: 59000,
      companions: trackCompanions(39000, 19000),
      maxCompanions: 1,
      track: {
        days: 1,
        vehicles: [
          { key: "street_gt", cents: 59000, stock: 8 },
          { key: "own_car", cents: 0, stock: null },
        ],
        instructor: { cents: 25000, stock: 4 },
        addons: [{ key: "technical_support", cents: 15000, stock: 6 }],
      },
    },
    {
      key: "golfCircleOpenerPast",
      category: "golfCircle",
      title: t("Golf Circle Season Opener at Tegernsee", "Golf-Circle-Saisonauftakt am Tegernsee"),
      teaser: t(
        "The first tee of the season: a friendly scramble with lake views and a Bavarian brunch.",
        "Der erste Abschlag der Saison: ein geselliger Scramble mit Seeblick und bayerischem Brunch.",
      ),
      description: richText(
        `<p>We open the Golf Circle season where golf meets the mountains: a relaxed Texas scramble on a course above Lake Tegernsee, ideal for getting back into the swing after the winter.</p>
<ul><li>Green fee for 18 holes and range balls</li><li>Texas scramble in teams of four with handicap allowance</li><li>Bavarian brunch before the start, dinner and awards in the evening</li></ul>`,
        `<p>Wir eröffnen die Golf-Circle-Saison dort, wo Golf auf Berge trifft: mit einem entspannten Texas Scramble auf einem Platz oberhalb des Tegernsees – ideal, um nach dem Winter wieder in Schwung zu kommen.</p>
<ul><li>Greenfee für 18 Löcher und Rangebälle</li><li>Texas Scramble in Viererteams mit Handicap-Vorgabe</li><li>Bayerischer Brunch vor dem Start, Abendessen und Siegerehrung am Abend</li></ul>`,
      ),
      location: t("Tegernsee, Bavaria", "Tegernsee, Bayern"),
      imageUrl: "/images/golf-opener.svg",
      imageAlt: t(
        "Golfer teeing off on a spring fairway with a lake in the background",
        "Golfer beim Abschlag auf einem Frühlings-Fairway mit See im Hintergrund",
      ),
      startsOn: on(-40),
      days: 1,
      registrationDeadline: deadline(-50),
      bookableFrom: shiftDays(now, -120),
      capacity: 40,
      minParticipants: 16,
      placesTaken: 0,
      participantCents: 12900,
      companions: golfCompanions(12900, 3900),
      maxCompanions: 3,
    },
  ];
}

// ── Content pages and experiences ──────────────────────────────────────────────────────────────

type PageKey = keyof typeof seedIds.pages;
type ContentPageSeed = { key: PageKey; showOnMobile: boolean; translations: Record<Locale, { name: string; slug: string; content: string }> };

function contentPages(): ContentPageSeed[] {
  const o = operator;
  const mail = (address: string) => `<a href="mailto:${address}">${address}</a>`;
  const website = `<a href="${o.website}">${o.website.replace(/^https:\/\//, "")}</a>`;
  const { depositPercent: deposit, balanceDueDaysBeforeEvent: due } = o;

  const terms = richText(
    `<h2>1. Scope and travel operator</h2>
<p>These terms and conditions apply to all events and trips booked through this website. Your contractual partner and the organiser of all events within the meaning of the German package travel law (§§ 651a et seq. BGB) is ${o.company}, ${o.street}, ${o.zip} ${o.city}.</p>
<h2>2. Booking and conclusion of the contract</h2>
<p>By submitting the booking form you make a binding offer to conclude a contract. The contract is concluded when we confirm your booking by email. If you choose a booking request with call-back, the contract is only concluded once our team has verified your request by phone and confirmed it in writing.</p>
<p>The person making the booking is liable for the contractual obligations of the companions they register, provided they have accepted this obligation by an express and separate declaration.</p>
<h2>3. Prices and payment</h2>
<p>All prices are in euros and include statutory VAT. After you have received the booking confirmation and the security certificate, a deposit of ${deposit} % of the total price is due. The balance is due ${due} days before the event starts. For bookings made ${due} days or less before the start, the full price is due immediately.</p>
<ul><li>Payment by credit card via our payment service provider</li><li>Payment by invoice via bank transfer to the account stated on the invoice</li></ul>
<h2>4. Cancellation by the participant</h2>
<p>You may withdraw from the contract at any time before the event starts. Please send your cancellation in writing. In this case we charge the following flat-rate cancellation fees per person:</p>
<ul><li>up to 60 days before the start: 20 % of the price</li><li>59 to 30 days before the start: 40 %</li><li>29 to 15 days before the start: 60 %</li><li>14 to 1 days before the start: 80 %</li><li>on the day of the event or in case of no-show: 90 %</li></ul>
<p>You are free to prove that we incurred no loss or a considerably lower one. You may also name a substitute participant who meets the requirements of the event.</p>
<h2>5. Minimum number of participants</h2>
<p>If the minimum number of participants stated in the event description is not reached, we may withdraw from the contract. We will inform you no later than 20 days before the start for trips lasting more than six days, 7 days before the start for trips of two to six days and 48 hours before the start for shorter events. Payments already made are refunded without delay.</p>
<h2>6. Special conditions for track days</h2>
<p>Driving on the track is not a race and there is no timekeeping. Every driver must hold a valid driving licence and follow the instructions of the marshals and instructors. Damage to rental vehicles is governed by the rental terms handed out on site; an excess may apply.</p>
<h2>7. Complaints and contact</h2>
<p>Please report any shortcomings to our team on site straight away so that we can put them right. You can reach our customer service at ${mail(o.supportEmail)} (${o.supportHours.en}).</p>`,
    `<h2>1. Geltungsbereich und Reiseveranstalter</h2>
<p>Diese Allgemeinen Geschäftsbedingungen gelten für alle über diese Website gebuchten Veranstaltungen und Reisen. Ihr Vertragspartner und Veranstalter aller Veranstaltungen im Sinne des Pauschalreiserechts (§§ 651a ff. BGB) ist die ${o.company}, ${o.street}, ${o.zip} ${o.city}.</p>
<h2>2. Buchung und Vertragsschluss</h2>
<p>Mit dem Absenden des Buchungsformulars geben Sie ein verbindliches Angebot zum Abschluss eines Vertrags ab. Der Vertrag kommt mit unserer Buchungsbestätigung per E-Mail zustande. Wählen Sie eine Buchungsanfrage mit Rückruf, kommt der Vertrag erst zustande, nachdem unser Team Ihre Anfrage telefonisch geprüft und schriftlich bestätigt hat.</p>
<p>Die buchende Person steht für die vertraglichen Verpflichtungen der von ihr angemeldeten Begleitpersonen ein, sofern sie diese Verpflichtung durch ausdrückliche und gesonderte Erklärung übernommen hat.</p>
<h2>3. Preise und Zahlung</h2>
<p>Alle Preise verstehen sich in Euro inklusive der gesetzlichen Mehrwertsteuer. Nach Erhalt der Buchungsbestätigung und des Sicherungsscheins ist eine Anzahlung von ${deposit} % des Gesamtpreises fällig. Der Restbetrag ist ${due} Tage vor Veranstaltungsbeginn fällig. Bei Buchungen, die ${due} Tage oder weniger vor Beginn erfolgen, ist der Gesamtpreis sofort fällig.</p>
<ul><li>Zahlung per Kreditkarte über unseren Zahlungsdienstleister</li><li>Zahlung auf Rechnung per Überweisung auf das in der Rechnung angegebene Konto</li></ul>
<h2>4. Rücktritt durch die teilnehmende Person</h2>
<p>Sie können jederzeit vor Veranstaltungsbeginn vom Vertrag zurücktreten. Bitte erklären Sie den Rücktritt schriftlich. In diesem Fall berechnen wir folgende pauschale Entschädigungen pro Person:</p>
<ul><li>bis 60 Tage vor Beginn: 20 % des Preises</li><li>59 bis 30 Tage vor Beginn: 40 %</li><li>29 bis 15 Tage vor Beginn: 60 %</li><li>14 bis 1 Tag vor Beginn: 80 %</li><li>am Veranstaltungstag oder bei Nichterscheinen: 90 %</li></ul>
<p>Es bleibt Ihnen unbenommen nachzuweisen, dass uns kein oder ein wesentlich geringerer Schaden entstanden ist. Sie können außerdem eine Ersatzperson benennen, die die Anforderungen der Veranstaltung erfüllt.</p>
<h2>5. Mindestteilnehmerzahl</h2>
<p>Wird die in der Ausschreibung genannte Mindestteilnehmerzahl nicht erreicht, können wir vom Vertrag zurücktreten. Wir informieren Sie spätestens 20 Tage vor Beginn bei Reisen von mehr als sechs Tagen, 7 Tage vor Beginn bei Reisen von zwei bis sechs Tagen und 48 Stunden vor Beginn bei kürzeren Veranstaltungen. Bereits geleistete Zahlungen erstatten wir unverzüglich.</p>
<h2>6. Besondere Bedingungen für Trackdays</h2>
<p>Das Fahren auf der Rennstrecke ist kein Rennen; es findet keine Zeitnahme statt. Alle Fahrerinnen und Fahrer müssen einen gültigen Führerschein besitzen und den Anweisungen der Streckenposten und Instruktoren folgen. Schäden an Mietfahrzeugen regeln die vor Ort ausgehändigten Mietbedingungen; dabei kann eine Selbstbeteiligung anfallen.</p>
<h2>7. Reklamationen und Kontakt</h2>
<p>Bitte melden Sie Mängel sofort unserem Team vor Ort, damit wir Abhilfe schaffen können. Unseren Kundenservice erreichen Sie unter ${mail(o.supportEmail)} (${o.supportHours.de}).</p>`,
  );

  const privacy = richText(
    `<h2>1. Controller</h2>
<p>The controller responsible for processing your personal data on this website is ${o.company}, ${o.street}, ${o.zip} ${o.city}, ${operatorCountry.en}. Email: ${mail(o.email)}, phone: ${o.phone}.</p>
<h2>2. Data we process</h2>
<p>When you book an event, we process the details you enter in the booking form, in particular:</p>
<ul><li>name, address, email address and phone number of the main participant</li><li>names and participation type of your companions</li><li>event-specific details such as golf handicap, vehicle choices or arrival times</li><li>files you upload, such as a handicap certificate or an introduction video</li><li>payment and invoice data</li></ul>
<h2>3. Purposes and legal bases</h2>
<p>We process this data to perform our contract with you (Art. 6(1)(b) GDPR), to meet statutory retention obligations (Art. 6(1)(c) GDPR) and, if you create a customer account, to provide that account. Card payments are handled by our payment service provider; we never store complete card numbers.</p>
<h2>4. Cookies</h2>
<p>We only use technically necessary cookies: one remembers the language you chose, others keep your booking in progress and your login session. We do not use tracking or advertising cookies.</p>
<h2>5. Storage period</h2>
<p>Booking data is kept for as long as statutory retention periods require, usually ten years for accounting records. Introduction videos and other uploads are deleted three months after the end of the event.</p>
<h2>6. Your rights</h2>
<p>You have the right to:</p>
<ul><li>access the data we hold about you (Art. 15 GDPR)</li><li>rectification and erasure (Art. 16 and 17 GDPR)</li><li>restriction of processing and data portability (Art. 18 and 20 GDPR)</li><li>object to processing (Art. 21 GDPR)</li><li>lodge a complaint with a data protection supervisory authority</li></ul>
<p>To exercise your rights, simply write to ${mail(o.supportEmail)}. You can delete your customer account at any time in your account settings.</p>`,
    `<h2>1. Verantwortlicher</h2>
<p>Verantwortlich für die Verarbeitung Ihrer personenbezogenen Daten auf dieser Website ist die ${o.company}, ${o.street}, ${o.zip} ${o.city}, ${operatorCountry.de}. E-Mail: ${mail(o.email)}, Telefon: ${o.phone}.</p>
<h2>2. Welche Daten wir verarbeiten</h2>
<p>Wenn Sie eine Veranstaltung buchen, verarbeiten wir die Angaben aus dem Buchungsformular, insbesondere:</p>
<ul><li>Name, Anschrift, E-Mail-Adresse und Telefonnummer der hauptteilnehmenden Person</li><li>Namen und Teilnahmeart Ihrer Begleitpersonen</li><li>veranstaltungsbezogene Angaben wie Golf-Handicap, Fahrzeugwahl oder Ankunftszeiten</li><li>von Ihnen hochgeladene Dateien, etwa einen Handicap-Nachweis oder ein Vorstellungsvideo</li><li>Zahlungs- und Rechnungsdaten</li></ul>
<h2>3. Zwecke und Rechtsgrundlagen</h2>
<p>Wir verarbeiten diese Daten zur Erfüllung unseres Vertrags mit Ihnen (Art. 6 Abs. 1 lit. b DSGVO), zur Erfüllung gesetzlicher Aufbewahrungspflichten (Art. 6 Abs. 1 lit. c DSGVO) und – wenn Sie ein Kundenkonto anlegen – zur Bereitstellung dieses Kontos. Kartenzahlungen wickelt unser Zahlungsdienstleister ab; vollständige Kartennummern speichern wir nie.</p>
<h2>4. Cookies</h2>
<p>Wir verwenden ausschließlich technisch notwendige Cookies: Eines speichert die von Ihnen gewählte Sprache, weitere halten Ihre laufende Buchung und Ihre Anmeldung fest. Tracking- oder Werbe-Cookies setzen wir nicht ein.</p>
<h2>5. Speicherdauer</h2>
<p>Buchungsdaten bewahren wir so lange auf, wie es die gesetzlichen Aufbewahrungsfristen verlangen, bei Buchhaltungsunterlagen in der Regel zehn Jahre. Vorstellungsvideos und andere hochgeladene Dateien löschen wir drei Monate nach Ende der Veranstaltung.</p>
<h2>6. Ihre Rechte</h2>
<p>Sie haben das Recht auf:</p>
<ul><li>Auskunft über die bei uns gespeicherten Daten (Art. 15 DSGVO)</li><li>Berichtigung und Löschung (Art. 16 und 17 DSGVO)</li><li>Einschränkung der Verarbeitung und Datenübertragbarkeit (Art. 18 und 20 DSGVO)</li><li>Widerspruch gegen die Verarbeitung (Art. 21 DSGVO)</li><li>Beschwerde bei einer Datenschutz-Aufsichtsbehörde</li></ul>
<p>Um Ihre Rechte auszuüben, schreiben Sie uns einfach an ${mail(o.supportEmail)}. Ihr Kundenkonto können Sie jederzeit in den Kontoeinstellungen löschen.</p>`,
  );

  const imprint = richText(
    `<h2>Information pursuant to § 5 DDG</h2>
<p>${o.company}<br>${o.street}<br>${o.zip} ${o.city}<br>${operatorCountry.en}</p>
<h2>Contact</h2>
<ul><li>Phone: ${o.phone}</li><li>Fax: ${o.fax}</li><li>Email: ${mail(o.email)}</li><li>Website: ${website}</li></ul>
<h2>Company details</h2>
<p>Managing director: ${o.managingDirector}<br>Register entry: ${o.registryCourt}<br>VAT identification number pursuant to § 27a UStG: ${o.vatId}</p>
<h2>Travel operator</h2>
<p>${o.travelOperatorNotice.en} Customer payments are protected against insolvency as required by law; you receive the security certificate with your booking confirmation.</p>
<h2>Responsible for content</h2>
<p>Responsible for the content pursuant to § 18(2) MStV: ${o.managingDirector}, address as above.</p>
<h2>Consumer dispute resolution</h2>
<p>We are neither willing nor obliged to take part in dispute resolution proceedings before a consumer arbitration board.</p>`,
    `<h2>Angaben gemäß § 5 DDG</h2>
<p>${o.company}<br>${o.street}<br>${o.zip} ${o.city}<br>${operatorCountry.de}</p>
<h2>Kontakt</h2>
<ul><li>Telefon: ${o.phone}</li><li>Fax: ${o.fax}</li><li>E-Mail: ${mail(o.email)}</li><li>Website: ${website}</li></ul>
<h2>Unternehmensangaben</h2>
<p>Geschäftsführerin: ${o.managingDirector}<br>Registereintrag: ${o.registryCourt}<br>Umsatzsteuer-Identifikationsnummer gemäß § 27a UStG: ${o.vatId}</p>
<h2>Reiseveranstalter</h2>
<p>${o.travelOperatorNotice.de} Kundengelder sind gemäß den gesetzlichen Vorgaben gegen Insolvenz abgesichert; den Sicherungsschein erhalten Sie mit Ihrer Buchungsbestätigung.</p>
<h2>Verantwortlich für den Inhalt</h2>
<p>Verantwortlich für den Inhalt nach § 18 Abs. 2 MStV: ${o.managingDirector}, Anschrift wie oben.</p>
<h2>Verbraucherstreitbeilegung</h2>
<p>Wir sind nicht bereit und nicht verpflichtet, an Streitbeilegungsverfahren vor einer Verbraucherschlichtungsstelle teilzunehmen.</p>`,
  );

  return [
    {
      key: "terms",
      showOnMobile: true,
      translations: { en: { name: "Terms and conditions", slug: "terms", content: terms.en }, de: { name: "AGB", slug: "agb", content: terms.de } },
    },
    {
      key: "privacy",
      showOnMobile: true,
      translations: {
        en: { name: "Privacy policy", slug: "privacy", content: privacy.en },
        de: { name: "Datenschutz", slug: "datenschutz", content: privacy.de },
      },
    },
    {
      key: "imprint",
      showOnMobile: false,
      translations: { en: { name: "Imprint", slug: "imprint", content: imprint.en }, de: { name: "Impressum", slug: "impressum", content: imprint.de } },
    },
  ];
}

const experienceSeeds: Omit<typeof experiences.$inferInsert, "id" | "createdAt">[] = [
  {
    imageUrl: "/images/experience-1.svg",
    imageAlt: t(
      "Driver in a helmet giving a thumbs-up next to a sports car in the pit lane",
      "Fahrer mit Helm zeigt neben einem Sportwagen in der Boxengasse den Daumen nach oben",
    ),
    quote: t(
      "From the first briefing to the last lap everything was perfectly organised – the instructors got more out of me and my car than I thought possible.",
      "Vom ersten Briefing bis zur letzten Runde war alles perfekt organisiert – die Instruktoren haben mehr aus mir und meinem Auto herausgeholt, als ich für möglich gehalten hätte.",
    ),
    personName: "Markus Albrecht",
    eventName: t("Track day at the Nürburgring", "Trackday auf dem Nürburgring"),
    position: 1,
  },
  {
    imageUrl: "/images/experience-2.svg",
    imageAlt: t("Yoga session on the beach at sunrise", "Yoga-Einheit am Strand bei Sonnenaufgang"),
    quote: t(
      "Yoga at sunrise, golf in the afternoon and a group that felt like old friends after one day. I have already booked the next trip.",
      "Yoga bei Sonnenaufgang, nachmittags Golf und eine Gruppe, die sich schon nach einem Tag wie alte Freunde anfühlte. Die nächste Reise habe ich bereits gebucht.",
    ),
    personName: "Sabine Köhler",
    eventName: t("Golf & yoga retreat on Mallorca", "Golf- & Yoga-Retreat auf Mallorca"),
    position: 2,
  },
  {
    imageUrl: "/images/experience-3.svg",
    imageAlt: t("Golf trophy on a green with a flag at sunset", "Golfpokal auf einem Grün mit Fahne bei Sonnenuntergang"),
    quote: t(
      "The Golf Circle gives our season its rhythm: great courses, fair flights and an evening programme my non-playing husband enjoys as much as I do.",
      "Der Golf Circle gibt unserer Saison ihren Rhythmus: tolle Plätze, faire Flights und ein Abendprogramm, das meinem nicht golfenden Mann genauso gefällt wie mir.",
    ),
    personName: "Anna Berger",
    eventName: t("Golf Circle final", "Golf-Circle-Finale"),
    position: 3,
  },
];

// ── Writing it all ─────────────────────────────────────────────────────────────────────────────

/** Any constant key serves, as long as nothing else locks it: it makes concurrent first starts seed once. */
const seedLockKey = 7_352_001;

/**
 * Inserts the sample data when the database has no site yet. Returns whether it did. Runs in one
 * transaction so a failed seed leaves nothing half-written to block the next attempt.
 */
/**
 * Seeds an empty database. `demoAccounts: false` (production) leaves out the staff and customer
 * logins whose passwords are in the README: on a public site they would open the staff API to anyone.
 */
export async function seedIfEmpty(db: Database, now: Date, options: { demoAccounts: boolean } = { demoAccounts: true }): Promise<boolean> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${seedLockKey})`);
    const [existing] = await tx.select({ id: sites.id }).from(sites).limit(1);
    if (existing) return false;
    await insertSampleData(tx, now, options);
    return true;
  });
}

async function insertSampleData(tx: Transaction, now: Date, options: { demoAccounts: boolean }): Promise<void> {
  await tx.insert(sites).values(operator);
  const categoryIds = await insertCategories(tx);
  const seededEvents = sampleEvents(now);
  for (const event of seededEvents) {
    const itemIds = await insertEvent(tx, event, categoryIds);
    if (event.key === "golfCircleFinal") await insertFinalBookings(tx, event, itemIds, now);
  }
  const opener = seededEvents.find((event) => event.key === "golfCircleOpenerPast");
  if (opener && options.demoAccounts) await insertDemoAccounts(tx, opener, now);
  await insertContentPages(tx);
  await tx.insert(experiences).values(experienceSeeds);
}

async function insertCategories(tx: Transaction): Promise<Record<CategoryKey, number>> {
  const ids: Partial<Record<CategoryKey, number>> = {};
  for (const [index, category] of categories.entries()) {
    const [row] = await tx
      .insert(eventCategories)
      .values({ position: index + 1 })
      .returning({ id: eventCategories.id });
    if (!row) throw new Error(`Seeding category ${category.key} returned no id.`);
    ids[category.key] = row.id;
    await tx.insert(eventCategoryTranslations).values(
      (Object.entries(category.translations) as [Locale, CategoryTranslation][]).map(([locale, translation]) => ({
        categoryId: row.id,
        locale,
        ...translation,
      })),
    );
  }
  const { trackDays, golfCircle, travel } = ids;
  if (trackDays === undefined || golfCircle === undefined || travel === undefined) throw new Error("Seeding categories left one without an id.");
  return { trackDays, golfCircle, travel };
}

/** Inserts the event with its prices, resources and form; answers the form's item ids by item name. */
async function insertEvent(tx: Transaction, event: EventSeed, categoryIds: Record<CategoryKey, number>): Promise<Map<string, string>> {
  const eventId = seedIds.events[event.key];
  await tx.insert(events).values({
    id: eventId,
    categoryId: categoryIds[event.category],
    title: event.title,
    teaser: event.teaser,
    description: event.description,
    location: event.location,
    imageUrl: event.imageUrl,
    imageAlt: event.imageAlt,
    startsOn: event.startsOn,
    endsOn: addDays(event.startsOn, event.days - 1),
    registrationDeadline: event.registrationDeadline,
    bookableFrom: event.bookableFrom,
    capacity: event.capacity,
    placesTaken: event.placesTaken,
    minParticipants: event.minParticipants,
    published: true,
  });
  await tx.insert(eventPrices).values(
    priceList(event).map((price, index) => ({
      eventId,
      kind: price.kind,
      key: price.key,
      label: priceLabels[price.key],
      amountCents: price.cents,
      perDay: price.perDay,
      position: index + 1,
    })),
  );
  if (event.track) await tx.insert(eventDayResources).values(dayResources(event.track).map((resource) => ({ eventId, ...resource, used: 0 })));
  return insertForm(tx, event, formFor(event));
}

async function insertForm(tx: Transaction, event: EventSeed, form: FormSeed): Promise<Map<string, string>> {
  const formId = seedIds.forms[event.key];
  await tx.insert(forms).values({ id: formId, eventId: seedIds.events[event.key], name: `${event.title.en} – booking form` });
  const pageIds = seedIds.formPages[event.key];
  await tx.insert(formPages).values(formPageOrder.map((slot, index) => ({ id: pageIds[slot], formId, position: index + 1, title: form[slot].title })));

  const itemIds = new Map<string, string>();
  const rows: (typeof formItems.$inferInsert)[] = [];
  for (const slot of formPageOrder) {
    let position = 0;
    // Children follow their group directly so that ordering by position renders them in place.
    const visit = (items: ItemSeed[], parentId: string | null) => {
      for (const { children, ...seed } of items) {
        if (itemIds.has(seed.name)) throw new Error(`Form item name ${seed.name} is used twice in the ${event.key} form.`);
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
  return itemIds;
}

async function insertFinalBookings(tx: Transaction, event: EventSeed, itemIds: Map<string, string>, now: Date): Promise<void> {
  const companionPrices = new Map(event.companions.map((companion) => [companion.type, companion.cents]));
  const byItemId = (answers: Record<string, unknown>) =>
    Object.fromEntries(
      Object.entries(answers).flatMap(([name, value]) => {
        const id = itemIds.get(name);
        return id && value !== undefined && value !== null ? [[id, value]] : [];
      }),
    );

  for (const party of finalParties) {
    const bookingId = randomUUID();
    const submittedAt = shiftDays(now, -party.submittedDaysAgo);
    const companionTotalCents = party.companions.reduce((sum, companion) => sum + (companionPrices.get(companion.type) ?? 0), 0);
    const totalCents = event.participantCents + companionTotalCents;
    const { main } = party;
    await tx.insert(bookings).values({
      id: bookingId,
      code: party.code,
      formId: seedIds.forms[event.key],
      eventId: seedIds.events[event.key],
      tokenHash: randomHex(32),
      status: "confirmed",
      locale: party.locale,
      currentPage: formPageOrder.length,
      answers: byItemId({
        "main.salutation": main.salutation,
        "main.title": main.title,
        "main.forename": main.forename,
        "main.surname": main.surname,
        "main.company": main.company,
        "main.street": main.street,
        "main.address_line_2": main.addressLine2,
        "main.postcode": main.postcode,
        "main.city": main.city,
        "main.country": main.country,
        "main.phone": main.phone,
        "main.email": main.email,
        "golf.handicap": party.handicap,
        terms: true,
        payment_option: "invoice",
      }),
      termsAcceptedAt: submittedAt,
      // Invoice bookings are confirmed at once (PRODUCT.md "Booking lifecycle"), so no payment rows are needed.
      paymentOption: "invoice",
      placesHeld: placesOf([party]),
      eventPriceCents: event.participantCents,
      companionTotalCents,
      addonsTotalCents: 0,
      totalCents,
      ...paymentSplit(totalCents, event.startsOn, operatorToday(submittedAt)),
      submittedAt,
      createdAt: submittedAt,
      updatedAt: submittedAt,
    });
    await tx.insert(participants).values([
      { bookingId, role: "main", position: 0, ...main },
      ...party.companions.map((companion, index) => ({
        bookingId,
        role: "companion" as const,
        companionType: companion.type,
        position: index + 1,
        forename: companion.forename,
        surname: companion.surname,
      })),
    ]);
    // Invoice bookings come with their invoice (PRODUCT.md): the demo customer can download it.
    const [inserted] = await tx.select().from(bookings).where(eq(bookings.id, bookingId)).limit(1);
    if (inserted) await issueInvoice(tx, inserted, submittedAt);
  }
}

/**
 * Demo logins (PRODUCT.md "Sample data"), printed at start-up outside production. The customer is
 * the guest of the first final booking, so the dashboard shows an upcoming booking, and a past one
 * at the season opener.
 */
export const demoAccounts = {
  staff: { email: "staff@trackside-fairway.example", password: "Staff-demo-2026", name: "Katharina Brandl", role: "staff" as const },
  customer: { email: "stefan.hofmann@example.com", password: "Fairway-demo-2026", name: "Stefan Hofmann", role: "customer" as const },
};
const pastBookingCode = "GC-P4ST26";

async function insertDemoAccounts(tx: Transaction, opener: EventSeed, now: Date): Promise<void> {
  const ids: Record<keyof typeof demoAccounts, string> = { staff: "", customer: "" };
  for (const [key, account] of Object.entries(demoAccounts) as [keyof typeof demoAccounts, (typeof demoAccounts)[keyof typeof demoAccounts]][]) {
    const [firstName = account.name, lastName = ""] = account.name.split(" ");
    const [row] = await tx
      .insert(users)
      .values({
        name: account.name,
        firstName,
        lastName,
        email: account.email,
        passwordHash: await hashPassword(account.password),
        role: account.role,
        locale: "de",
        emailVerifiedAt: shiftDays(now, -120),
      })
      .returning({ id: users.id });
    if (!row) throw new Error(`Seeding the ${key} account returned no id.`);
    ids[key] = row.id;
  }
  await tx
    .update(bookings)
    .set({ userId: ids.customer })
    .where(eq(bookings.code, finalParties[0]?.code ?? ""));

  const companion = opener.companions.find((offer) => offer.type === "golf_playing");
  const companionTotalCents = companion?.cents ?? 0;
  const totalCents = opener.participantCents + companionTotalCents;
  const submittedAt = shiftDays(now, -75);
  const bookingId = randomUUID();
  await tx.insert(bookings).values({
    id: bookingId,
    code: pastBookingCode,
    formId: seedIds.forms.golfCircleOpenerPast,
    eventId: seedIds.events.golfCircleOpenerPast,
    userId: ids.customer,
    tokenHash: randomHex(32),
    status: "paid",
    locale: "de",
    currentPage: formPageOrder.length,
    termsAcceptedAt: submittedAt,
    paymentOption: "invoice",
    placesHeld: 2,
    eventPriceCents: opener.participantCents,
    companionTotalCents,
    totalCents,
    depositCents: totalCents,
    remainderCents: 0,
    submittedAt,
    createdAt: submittedAt,
    updatedAt: submittedAt,
  });
  const main = finalParties[0]?.main;
  await tx.insert(participants).values([
    { bookingId, role: "main", position: 0, ...main },
    { bookingId, role: "companion", companionType: "golf_playing", position: 1, forename: "Claudia", surname: "Hofmann" },
  ]);
  await tx
    .update(events)
    .set({ placesTaken: sql`${events.placesTaken} + 2` })
    .where(eq(events.id, seedIds.events.golfCircleOpenerPast));
}

async function insertContentPages(tx: Transaction): Promise<void> {
  for (const [index, page] of contentPages().entries()) {
    const pageId = seedIds.pages[page.key];
    await tx.insert(pages).values({ id: pageId, showOnMobile: page.showOnMobile, position: index + 1, published: true });
    await tx.insert(pageTranslations).values(
      (Object.entries(page.translations) as [Locale, ContentPageSeed["translations"][Locale]][]).map(([locale, translation]) => ({
        pageId,
        locale,
        ...translation,
      })),
    );
  }
}
