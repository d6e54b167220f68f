/**
 * JSON of immutable list items, serialised once and reused by every answer that lists them: a live
 * `/resumes?role=…&seniority=…` then splices 50 stored strings instead of walking 50 objects (issue 7).
 * The bytes are exactly `JSON.stringify`'s, so a file and a live answer still match byte for byte.
 * @module
 */

const serialised = new WeakMap<object, string>();

/**
 * Freezes `item`, all the way down, and stores its JSON; callers hand out this same object for as long
 * as the data lives. All the way down: a nested object changed later would leave the stored JSON stale,
 * and a list spliced from it would differ from the same answer serialised afresh.
 */
export function stableItem<T extends object>(item: T): T {
  if (!serialised.has(item)) {
    freezeDeep(item);
    serialised.set(item, JSON.stringify(item));
  }
  return item;
}

/**
 * Walks every part, frozen or not: a part frozen on its own (shallowly) may still hold parts that are not.
 * Only plain objects and arrays: freezing a Date, Map or Set leaves its contents changeable, so one is refused.
 */
function freezeDeep(value: object, seen = new Set<object>()): void {
  if (seen.has(value)) return;
  seen.add(value);
  if (!isPlainData(value))
    throw new TypeError(
      `Internal error: a stable item holds plain objects and arrays only, not a ${value.constructor?.name ?? "exotic object"}`,
    );
  Object.freeze(value);
  for (const key of Object.keys(value)) {
    const child = (value as Record<string, unknown>)[key];
    if (typeof child === "object" && child !== null) freezeDeep(child, seen);
  }
}

function isPlainData(value: object): boolean {
  if (Array.isArray(value)) return true;
  const prototype: unknown = Object.getPrototypeOf(value);
  return prototype === Object.prototype || prototype === null;
}

/**
 * `make` kept per key object, its result a stable item: for the list item of a record that many pages
 * list (its filters' pages and the unfiltered ones), made and serialised once.
 */
export function stableItemsOf<K extends object, T extends object>(make: (key: K) => T): (key: K) => T {
  const made = new WeakMap<K, T>();
  return (key) => {
    let item = made.get(key);
    if (item === undefined) made.set(key, (item = stableItem(make(key))));
    return item;
  };
}

/** An array element's JSON, as `JSON.stringify` writes it inside an array (`null` where it writes nothing). */
export function itemJson(item: unknown): string {
  if (typeof item === "object" && item !== null) {
    const stored = serialised.get(item);
    if (stored !== undefined) return stored;
  }
  return JSON.stringify(item) ?? "null";
}

/** `{ meta, data: [...] }`, keys in that order and no others: the envelope whose items can be spliced. */
function isListEnvelope(body: unknown): body is { meta: unknown; data: unknown[] } {
  if (typeof body !== "object" || body === null || Array.isArray(body)) return false;
  const keys = Object.keys(body);
  const { meta, data } = body as { meta?: unknown; data?: unknown };
  return (
    keys.length === 2 &&
    keys[0] === "meta" &&
    keys[1] === "data" &&
    typeof meta === "object" &&
    meta !== null &&
    Array.isArray(data) &&
    !("toJSON" in body)
  );
}

/**
 * `JSON.stringify(body)`, reusing the stored JSON of a list envelope's items; undefined once a list's items
 * pass `maxChars` characters, so that an answer too large is never joined into one string.
 */
export function stringifyBody(body: unknown, maxChars = Infinity): string | undefined {
  if (!isListEnvelope(body)) return JSON.stringify(body);
  const items: string[] = new Array<string>(body.data.length);
  let chars = 0;
  // Indexed, not map: map skips the holes of a sparse array, which JSON.stringify writes as null.
  for (let at = 0; at < body.data.length; at++) {
    const json = itemJson(body.data[at]);
    chars += json.length + 1;
    if (chars > maxChars) return undefined;
    items[at] = json;
  }
  return `{"meta":${JSON.stringify(body.meta)},"data":[${items.join(",")}]}`;
}
