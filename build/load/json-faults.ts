/**
 * Where and why a seed file's JSON text breaks: the line of a JSON.parse error, its message on one line,
 * and the offset where strict JSON syntax breaks, for the JSON array and NDJSON readers.
 * @module
 */

/**
 * The line of a JSON.parse error: V8 gives a character position for some faults ("at position N", newer
 * versions also the line), none for others ("Unexpected token ']'" after a trailing comma, a comment),
 * which are found by scanning the text.
 */
export function jsonErrorLine(text: string, message: string): string | undefined {
  const stated = /\(line (\d+) column \d+\)/.exec(message)?.[1];
  if (stated !== undefined) return `line ${stated}`;
  const position = Number(/at position (\d+)/.exec(message)?.[1] ?? jsonFaultOffset(text));
  if (Number.isNaN(position)) return undefined;
  const before = text.slice(0, position);
  return `line ${before.split("\n").length}`;
}

/** A JSON.parse message on one line, with control characters (a NUL byte) written as escapes. */
export function oneLineMessage(message: string): string {
  return message
    .replace(/\s+/g, " ")
    .replace(/[\u0000-\u001f\u007f]/g, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, "0")}`);
}

/** The offset where strict JSON syntax breaks in `text`, or undefined where it holds (or nesting is too deep to scan). */
export function jsonFaultOffset(text: string): number | undefined {
  let at = 0;
  const fault = (): never => {
    throw new JsonFault(at);
  };
  const space = () => {
    while (text[at] === " " || text[at] === "\t" || text[at] === "\n" || text[at] === "\r") at += 1;
  };
  const string = () => {
    for (at += 1; at < text.length; at += 1) {
      if (text[at] === '"') return void (at += 1);
      if (text[at] === "\\") at += 1;
      else if (text[at]! < " ") fault();
    }
    fault();
  };
  const sequence = (close: string, item: () => void) => {
    at += 1;
    space();
    if (text[at] === close) return void (at += 1);
    for (;;) {
      item();
      space();
      if (text[at] === close) return void (at += 1);
      if (text[at] !== ",") fault();
      at += 1;
    }
  };
  const value = (): void => {
    space();
    if (text[at] === "{") {
      return sequence("}", () => {
        space();
        if (text[at] !== '"') fault();
        string();
        space();
        if (text[at] !== ":") fault();
        at += 1;
        value();
      });
    }
    if (text[at] === "[") return sequence("]", value);
    if (text[at] === '"') return string();
    const literal = /^(?:-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?|true|false|null)/.exec(text.slice(at, at + 400));
    if (literal === null) fault();
    at += literal![0].length;
  };
  try {
    value();
    space();
    if (at < text.length) fault();
    return undefined;
  } catch (error) {
    if (error instanceof JsonFault) return error.offset;
    return undefined; // nesting deeper than the stack: no line, the message alone
  }
}

class JsonFault {
  constructor(readonly offset: number) {}
}
