/**
 * The demo site's sample data (PRODUCT.md "Sample data"): three categories, seven events that between
 * them show every state a visitor can meet, the bookings that fill the final. Dates are relative to
 * `now` so the demo never goes stale. Built with the factories in ../factories, which tests use too.
 */
import { addDays, operatorToday, type IsoDate } from "../../../core/domain/dates";
import type { CategorySeed } from "../factories/categories";
import { operatorInstant, richText, shiftDays, t } from "../factories/common";
import { fullTrackOffer, golfCompanions, trackCompanions, type EventSeed } from "../factories/events";
import { placesOf, type PartySeed } from "../factories/bookings";
import type { DemoEventKey } from "./ids";

export type DemoEventSeed = EventSeed & { key: DemoEventKey; category: DemoCategoryKey };

export type DemoCategoryKey = "trackDays" | "golfCircle" | "travel";

export const demoCategories: CategorySeed<DemoCategoryKey>[] = [
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

export const finalParties: PartySeed[] = [
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

export function sampleEvents(now: Date): DemoEventSeed[] {
  const today = operatorToday(now);
  const on = (days: number): IsoDate => addDays(today, days);
  const deadline = (days: number): Date => operatorInstant(on(days), "23:59");
  const openSince = shiftDays(now, -30);

  return [
    {
      key: "golfYogaTrip",
      category: "travel",
      style: "trip",
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
      style: "track",
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
      style: "golf",
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
      style: "golf",
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
      style: "track",
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
      style: "track",
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
      style: "golf",
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
