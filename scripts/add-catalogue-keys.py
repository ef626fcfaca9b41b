"""Merges keys into core/i18n/locales/{en,de}.json, keeping order and formatting. Usage: python3 scripts/add-catalogue-keys.py keys.json
keys.json: {"en": {...nested...}, "de": {...}}"""
import json, sys
def merge(target, source):
    for key, value in source.items():
        if isinstance(value, dict) and isinstance(target.get(key), dict):
            merge(target[key], value)
        else:
            target[key] = value
additions = json.load(open(sys.argv[1]))
for locale in ("en", "de"):
    path = f"core/i18n/locales/{locale}.json"
    data = json.load(open(path))
    merge(data, additions[locale])
    open(path, "w").write(json.dumps(data, ensure_ascii=False, indent=2) + "\n")
