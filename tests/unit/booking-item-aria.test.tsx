import { renderToString } from "react-dom/server";
import { I18nextProvider } from "react-i18next";
import { createRoutesStub } from "react-router";
import { describe, expect, it } from "vitest";
import { UploadField, type UploadedFile } from "../../app/components/booking/upload-field";
import type { DayStock } from "../../app/components/booking/kinds/kind-renderer";
import { VehiclePicker } from "../../app/components/booking/vehicle-picker";
import type { PublicFormItem } from "../../core/contracts/forms";
import { i18nFor } from "../../core/i18n/i18n";

function render(element: React.ReactNode) {
  const Stub = createRoutesStub([{ path: "/", Component: () => <I18nextProvider i18n={i18nFor("en")}>{element}</I18nextProvider> }]);
  return renderToString(<Stub initialEntries={["/"]} />);
}

/** Every `<input>` tag of the markup, with its attributes as a map. */
function inputsOf(html: string): Map<string, string>[] {
  return [...html.matchAll(/<input\b[^>]*>/g)].map(
    (match) => new Map([...match[0].matchAll(/([\w-]+)="([^"]*)"/g)].map((attr) => [attr[1] ?? "", attr[2] ?? ""])),
  );
}

/** How often an element with this id occurs: a description must point at exactly one. */
const idCount = (html: string, id: string) => html.split(`id="${id}"`).length - 1;

const vehiclesItemUuid = "6f0c1d2e-3a4b-4c5d-8e6f-7a8b9c0d1e2f";
const vehiclesItem: PublicFormItem & { kind: "vehicles_per_day" } = {
  uuid: vehiclesItemUuid,
  parent_uuid: null,
  kind: "vehicles_per_day",
  name: "vehicles_per_day",
  label: "Vehicle, instructor and extras per day",
  help: "Pick one vehicle per day.",
  required: true,
  options: { days: [1, 2], vehicleKeys: ["street_gt", "race_cup"], instructor: true, addons: ["pit_box"], copyDay1ToDay2: true },
};
const resources = [
  { key: "street_gt", stock: 4, used: 1 },
  { key: "race_cup", stock: 1, used: 1 },
  { key: "instructor", stock: 2, used: 0 },
  { key: "pit_box", stock: null, used: 0 },
];
const stock: DayStock[] = [
  { day: 1, label: "Day 1", resources },
  { day: 2, label: "Day 2", resources },
];

function renderPicker(item: PublicFormItem & { kind: "vehicles_per_day" }, error?: string) {
  return render(<VehiclePicker item={item} answer={undefined} stock={stock} prices={[]} error={error} onChoicesChange={() => undefined} />);
}

describe("VehiclePicker", () => {
  it("ties every radio and check box to the item's error and hint", () => {
    const html = renderPicker(vehiclesItem, "Choose a vehicle for each day.");
    const inputs = inputsOf(html);
    // Per day: two vehicles, instructor and pit box, including the sold-out (disabled) vehicle; no "none" on a required item.
    expect(inputs).toHaveLength(8);
    expect(inputs.filter((input) => input.get("type") === "radio")).toHaveLength(4);
    for (const input of inputs) {
      expect(input.get("aria-invalid")).toBe("true");
      expect(input.get("aria-describedby")).toBe(`item-${vehiclesItemUuid}-error item-${vehiclesItemUuid}-hint`);
    }
    expect(idCount(html, `item-${vehiclesItemUuid}-error`)).toBe(1);
    expect(idCount(html, `item-${vehiclesItemUuid}-hint`)).toBe(1);
    expect(html).toContain("Choose a vehicle for each day.");
  });

  it("without an error, marks nothing invalid and points at the hint only (or at nothing)", () => {
    const inputs = inputsOf(renderPicker(vehiclesItem));
    expect(inputs).toHaveLength(8);
    for (const input of inputs) {
      expect(input.has("aria-invalid")).toBe(false);
      expect(input.get("aria-describedby")).toBe(`item-${vehiclesItemUuid}-hint`);
    }
    for (const input of inputsOf(renderPicker({ ...vehiclesItem, help: null }))) expect(input.has("aria-describedby")).toBe(false);
  });

  it("offers 'No vehicle' only where it may be chosen, and pre-selects a vehicle radio only on an optional item (issue 32)", () => {
    const radios = (item: PublicFormItem & { kind: "vehicles_per_day" }) => inputsOf(renderPicker(item)).filter((input) => input.get("type") === "radio");
    const required = radios(vehiclesItem);
    expect(required.some((input) => input.get("value") === "")).toBe(false);
    expect(required.some((input) => input.has("checked"))).toBe(false);
    const optional = radios({ ...vehiclesItem, required: false });
    expect(optional.filter((input) => input.get("value") === "")).toHaveLength(2);
    expect(optional.filter((input) => input.has("checked")).map((input) => input.get("value"))).toEqual(["", ""]);
  });

  it("derives ids from the item, so two pickers never share one and server and client agree", () => {
    const otherUuid = "0a1b2c3d-4e5f-4a6b-9c8d-7e6f5a4b3c2d";
    const html = render(
      <>
        <VehiclePicker item={vehiclesItem} answer={undefined} stock={stock} prices={[]} error="First" onChoicesChange={() => undefined} />
        <VehiclePicker
          item={{ ...vehiclesItem, uuid: otherUuid }}
          answer={undefined}
          stock={stock}
          prices={[]}
          error="Second"
          onChoicesChange={() => undefined}
        />
      </>,
    );
    const described = new Set(inputsOf(html).map((input) => input.get("aria-describedby")));
    expect([...described].sort()).toEqual(
      [`item-${otherUuid}-error item-${otherUuid}-hint`, `item-${vehiclesItemUuid}-error item-${vehiclesItemUuid}-hint`].sort(),
    );
    expect(renderPicker(vehiclesItem, "Again")).toBe(renderPicker(vehiclesItem, "Again"));
  });
});

const uploadItemUuid = "9e8d7c6b-5a4f-4e3d-8c2b-1a0f9e8d7c6b";
const uploadItem: PublicFormItem = {
  uuid: uploadItemUuid,
  parent_uuid: null,
  kind: "upload",
  name: "video",
  label: "Your swing video",
  help: "MP4, at most 30 seconds.",
  required: true,
  options: { accept: ["video/mp4"], maxBytes: 50_000_000, maxVideoSeconds: 30 },
};
const uploaded: UploadedFile = {
  uuid: "1f2e3d4c-5b6a-4978-8695-a4b3c2d1e0f9",
  item_uuid: uploadItemUuid,
  name: "swing.mp4",
  media_type: "video/mp4",
  size_bytes: 1_000_000,
  duration_seconds: 12,
};

function fileInputOf(html: string): Map<string, string> {
  const [input] = inputsOf(html).filter((attrs) => attrs.get("type") === "file");
  if (!input) throw new Error("no file input rendered");
  return input;
}

describe("UploadField", () => {
  const renderUpload = (current: UploadedFile | undefined, error?: string) =>
    render(<UploadField item={uploadItem} uploadUrl="/api/booking/b0000000-0000-4000-8000-000000000000/upload" current={current} error={error} onUploaded={() => undefined} />);

  it("describes the file input by the uploaded file, next to the hint and the error", () => {
    const html = renderUpload(uploaded, "Upload a video.");
    const input = fileInputOf(html);
    expect(input.get("aria-invalid")).toBe("true");
    expect(input.get("aria-describedby")?.split(" ")).toEqual([
      `item-${uploadItemUuid}-error`,
      `item-${uploadItemUuid}-hint`,
      `item-${uploadItemUuid}-uploaded`,
    ]);
    expect(idCount(html, `item-${uploadItemUuid}-uploaded`)).toBe(1);
    expect(html).toMatch(new RegExp(`<p id="item-${uploadItemUuid}-uploaded"[^>]*>Uploaded[^<]*swing\\.mp4`));
  });

  it("points only at what is shown: no uploaded file, no error", () => {
    expect(fileInputOf(renderUpload(uploaded)).get("aria-describedby")).toBe(`item-${uploadItemUuid}-hint item-${uploadItemUuid}-uploaded`);
    const empty = renderUpload(undefined);
    expect(fileInputOf(empty).get("aria-describedby")).toBe(`item-${uploadItemUuid}-hint`);
    expect(fileInputOf(empty).has("aria-invalid")).toBe(false);
    expect(idCount(empty, `item-${uploadItemUuid}-uploaded`)).toBe(0);
  });

  // An upload is refused after the visitor has chosen the file (too long, over the draft's budget):
  // nothing else happens on the page, so the error must be announced, not only be described.
  it("shows its error in a live region that is there before any error", () => {
    expect(renderUpload(undefined)).toMatch(/<div aria-live="assertive" aria-atomic="true"><\/div>/);
    expect(renderUpload(undefined, "A booking may hold at most 150 MB of files.")).toMatch(
      new RegExp(
        `<div aria-live="assertive" aria-atomic="true"><p id="item-${uploadItemUuid}-error"[^>]*>A booking may hold at most 150 MB of files\\.</p></div>`,
      ),
    );
  });
});
