// ESLint's recommended rules and typescript-eslint's (without type information, so a run stays quick);
// formatting is Biome's (biome.json), layering dependency-cruiser's (npm run check runs all three).
import js from "@eslint/js";
import globals from "globals";
import tseslint from "typescript-eslint";

export default tseslint.config(
  { ignores: ["node_modules/", "dist/", "test-output/", "test/generated/", "test/fixtures/"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: globals.node },
    rules: {
      // Seed files, URLs and HTTP input are checked for control characters on purpose (NUL bytes, C0 codes).
      "no-control-regex": "off",
      "@typescript-eslint/no-unused-vars": [
        "error",
        { argsIgnorePattern: "^_", varsIgnorePattern: "^_", caughtErrors: "none" },
      ],
    },
  },
  // Tests read answers as arbitrary JSON.
  { files: ["test/**"], rules: { "@typescript-eslint/no-explicit-any": "off" } },
  // Scripts the pages load in the browser.
  {
    files: ["build/publish/docs-assets/**"],
    languageOptions: { globals: { ...globals.browser, SwaggerUIBundle: "readonly" } },
  },
  { files: ["build/publish/portal/assets/**"], languageOptions: { globals: globals.browser } },
  { files: ["**/*.cjs"], languageOptions: { sourceType: "commonjs", globals: globals.commonjs } },
);
