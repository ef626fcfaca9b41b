/**
 * What an event sells (participants, companions, per-day vehicles, instructors, add-ons) and the
 * price list and per-day resources that follow from it: shared by the event and form factories.
 */
import type { IsoDate } from "../../../core/domain/dates";
import type { eventDayResources, eventPrices, participants } from "../schema";
import { t, type Text } from "./common";

/** The three shapes of event on this site; each has its own extras page in the booking form. */
export type EventStyle = "trip" | "golf" | "track";

export type CompanionType = NonNullable<typeof participants.$inferInsert.companionType>;
type VehicleKey = "street_gt" | "race_car" | "own_car";
type AddonKey = "pit_box" | "technical_support";
type PriceKey = "participant" | CompanionType | VehicleKey | "instructor" | AddonKey;
type PriceKind = typeof eventPrices.$inferInsert.kind;
type ResourceKind = typeof eventDayResources.$inferInsert.kind;

export const priceLabels: Record<PriceKey, Text> = {
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

export type CompanionOffer = { type: CompanionType; cents: number };
/** `stock: null` is unlimited (own car). */
export type TrackOffer = {
  days: number;
  vehicles: { key: VehicleKey; cents: number; stock: number | null }[];
  instructor: { cents: number; stock: number };
  addons: { key: AddonKey; cents: number; stock: number }[];
};

export type PriceSeed = { kind: PriceKind; key: PriceKey; cents: number; perDay: boolean };

export function priceList(event: EventSeed): PriceSeed[] {
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

export function dayResources(track: TrackOffer): { day: number; kind: ResourceKind; key: string; stock: number | null }[] {
  const perDay = [
    ...track.vehicles.map((vehicle) => ({ kind: "vehicle" as const, key: vehicle.key, stock: vehicle.stock })),
    { kind: "instructor" as const, key: "instructor", stock: track.instructor.stock },
    ...track.addons.map((addon) => ({ kind: addon.key, key: addon.key, stock: addon.stock })),
  ];
  return Array.from({ length: track.days }, (_, index) => perDay.map((resource) => ({ ...resource, day: index + 1 }))).flat();
}

export type EventSeed = {
  /** Names the event in error messages and the form's name. */
  key: string;
  /** Key of its category, resolved to an id by the caller. */
  category: string;
  /** Which extras page its form gets. */
  style: EventStyle;
  title: Text;
  /** The page's address per language; made from the title when left out. */
  slug?: Partial<Text>;
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

export const golfCompanions = (golfPlaying: number, nonPlaying: number): CompanionOffer[] => [
  { type: "golf_playing", cents: golfPlaying },
  { type: "non_playing", cents: nonPlaying },
];
export const trackCompanions = (driver: number, coDriver: number): CompanionOffer[] => [
  { type: "driver", cents: driver },
  { type: "co_driver", cents: coDriver },
];

/** The full motorsport offer; the sprint sells a smaller subset. */
export const fullTrackOffer = (days: number): TrackOffer => ({
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
