/**
 * Fixed uuids of the demo data's events, forms, form pages and content pages, so that links to the
 * demo site stay the same from one fresh start to the next. API tests and benchmarks name them too;
 * browser tests create their own events instead (decision 019).
 */
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

export type DemoEventKey = keyof typeof seedIds.events;
