import { createInstance, type i18n as I18n } from "i18next";
import { describe, expect, it, vi } from "vitest";
import { i18nFor, rememberingTranslatorOf, translatorFor } from "../../core/i18n/i18n";

/** A small instance of its own, so the calls into i18next can be counted. */
function instanceWith(common: Record<string, unknown>): I18n {
  const instance = createInstance();
  void instance.init({ lng: "en", ns: ["common"], defaultNS: "common", resources: { en: { common } }, initAsync: false, interpolation: { escapeValue: false } });
  return instance;
}

type LooseT = (key: string, options?: unknown) => unknown;

describe("the remembering translator", () => {
  it("gives i18next's own text for every call, in both locales", () => {
    for (const locale of ["en", "de"] as const) {
      const plain = i18nFor(locale).t as unknown as LooseT;
      const t = translatorFor(locale) as unknown as LooseT;
      for (const [key, options] of [
        ["events.title", undefined],
        ["events.count", { count: 1 }],
        ["events.count", { count: 7 }],
        ["events.placesLeft", { count: 1 }],
        ["events.placesLeft", { count: 3 }],
      ] as const) {
        expect(t(key, options)).toBe(plain(key, options));
        expect(t(key, options)).toBe(plain(key, options)); // the remembered answer
      }
    }
  });

  it("asks i18next once per key and primitive options, and keeps different options apart", () => {
    const instance = instanceWith({ greeting: "Hello {{name}}", items_one: "{{count}} item", items_other: "{{count}} items" });
    const spy = vi.spyOn(instance, "t");
    const t = rememberingTranslatorOf(instance) as unknown as LooseT;
    expect(t("greeting", { name: "Ada" })).toBe("Hello Ada");
    expect(t("greeting", { name: "Ada" })).toBe("Hello Ada");
    expect(t("greeting", { name: "Grace" })).toBe("Hello Grace");
    expect(t("items", { count: 1 })).toBe("1 item");
    expect(t("items", { count: 2 })).toBe("2 items");
    expect(t("items", { count: 2 })).toBe("2 items");
    // A string "1" and a number 1 are different options (a plural needs the number).
    t("items", { count: "1" });
    // A value that imitates the key's separators is its own entry.
    expect(t("greeting", { name: 'Ada"\u0000x\u0001s"' })).toBe('Hello Ada"\u0000x\u0001s"');
    expect(spy).toHaveBeenCalledTimes(6);
    // Options that choose the text are part of the key: language, context, default value; -0 is not 0.
    const de = instanceWith({ greeting: "Hello {{name}}" });
    de.addResourceBundle("de", "common", { greeting: "Hallo {{name}}", greeting_formal: "Guten Tag {{name}}" });
    const td = rememberingTranslatorOf(de) as unknown as LooseT;
    expect(td("greeting", { name: "Ada" })).toBe("Hello Ada");
    expect(td("greeting", { name: "Ada", lng: "de" })).toBe("Hallo Ada");
    expect(td("greeting", { name: "Ada", lng: "de", context: "formal" })).toBe("Guten Tag Ada");
    expect(td("missing", { defaultValue: "one" })).toBe("one");
    expect(td("missing", { defaultValue: "two" })).toBe("two");
    const signed = instanceWith({ value: "{{value, number}}" });
    const ts = rememberingTranslatorOf(signed) as unknown as LooseT;
    expect(ts("value", { value: -0 })).toBe((signed.t as unknown as LooseT)("value", { value: -0 }));
    expect(ts("value", { value: 0 })).toBe((signed.t as unknown as LooseT)("value", { value: 0 }));
  });

  it("does not remember a call whose options are not primitive values, nor an answer that is not a string", () => {
    const instance = instanceWith({ list: ["a", "b"], when: "At {{when}}" });
    const spy = vi.spyOn(instance, "t");
    const t = rememberingTranslatorOf(instance) as unknown as LooseT;
    const first = t("list", { returnObjects: true });
    expect(first).toEqual(["a", "b"]);
    expect(t("list", { returnObjects: true })).not.toBe(first);
    t("when", { when: new Date(0) });
    t("when", { when: new Date(0) });
    expect(spy).toHaveBeenCalledTimes(4);
  });

  it("keeps one translator per instance: a new catalogue (a new instance) is never answered from the old one's memory", () => {
    const before = instanceWith({ title: "Before" });
    const after = instanceWith({ title: "After" });
    expect(rememberingTranslatorOf(before)).toBe(rememberingTranslatorOf(before));
    expect((rememberingTranslatorOf(before) as unknown as LooseT)("title")).toBe("Before");
    expect((rememberingTranslatorOf(after) as unknown as LooseT)("title")).toBe("After");
  });
});
