import { describe, expect, it } from "vitest";
import { checkGameKinds, GAME_KINDS } from "../../build/compute/game-kinds.ts";
import { BuildError } from "../../build/errors.ts";

describe("checkGameKinds", () => {
  it("accepts every kind of the vocabulary", () => {
    expect(() => checkGameKinds(GAME_KINDS.map((kind) => ({ slug: `a-${kind}`, kind })))).not.toThrow();
  });

  it("refuses a kind outside it, naming the game and the kind", () => {
    expect(() => checkGameKinds([{ slug: "odd-one", kind: "pachinko" }])).toThrow(BuildError);
    expect(() => checkGameKinds([{ slug: "odd-one", kind: "pachinko" }])).toThrow(/odd-one \(pachinko\)/);
  });
});
