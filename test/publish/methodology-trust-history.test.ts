import { describe, expect, it } from "vitest";
import { exampleBrand, trustHistorySection } from "../../build/publish/methodology-trust-history.ts";
import { minContext } from "../fixtures/min-context.ts";

describe("trustHistorySection", () => {
  it("works the example of the first brand with every kind of dated input, from seeds-min", async () => {
    const { dataset } = await minContext();
    expect(exampleBrand(dataset)?.slug).toBe("alpha-casino");
    const html = trustHistorySection(dataset);
    expect(html).toContain('<h2 id="trust-as-of">Trust Score as of each month</h2>');
    // 2024-10, as of 2024-10-31: the review reading of 2024-10-01 (4.4, 180 reviews, 8 of 9 complaints resolved):
    // 0.7 × 88 + 0.3 × 88.889 = 88.267 → 88.3; the cashier reading of 2024-09-01 (3 methods, 2 days): 21 + 20 = 41;
    // the check of 2024-10-30 (HTTPS, uptime 99): 30 + 32 + 9.83 years → 29.5 = 91.5; 3 pages watched since 2024-01-01.
    expect(html).toContain(
      "<td>2024-10</td><td>2024-10-31</td><td>88.3 (reading of 2024-10-01)</td><td>41.0 (reading of 2024-09-01)</td><td>91.5 (reading of 2024-10-30)</td><td>100.0 (3 pages watched since 2024-01-01)</td>",
    );
    // Now: the records' values at the snapshot.
    expect(html).toContain("<td>2025-01 (now)</td><td>2025-01-01</td><td>90.0 (the record, at the snapshot)</td>");
  });

  it("states the rules with the code's numbers", async () => {
    const html = trustHistorySection((await minContext()).dataset);
    expect(html).toContain("in the 12 months up to the month");
    expect(html).toContain("With fewer than 3 watched months");
    expect(html).toContain("never lowers it");
  });
});
