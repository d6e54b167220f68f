/**
 * Site producer of `/downloads/`: every resource as a gzip NDJSON, a CSV and a Parquet file, the
 * archive of them all, and the data package describing them.
 * @module
 */
import type { SiteFile, SiteProducer } from "../output-format/site-files.ts";
import { bulkDownloads, DOWNLOAD_FORMATS, DOWNLOADS_DIR, downloadLocation } from "./bulk-downloads.ts";
import { DATA_PACKAGE_FILE, dataPackage } from "./data-package.ts";
import { downloadContentType } from "./download-content-types.ts";
import { DOWNLOAD_TABLES } from "./download-tables.ts";

/** The public path of the data package descriptor. */
export const DATA_PACKAGE_PATH = `/${DOWNLOADS_DIR}/${DATA_PACKAGE_FILE}`;

/** The download files and `datapackage.json` (compact JSON with a trailing newline); their bytes follow the archives. */
export const downloadsProducer: SiteProducer = (context) => {
  const downloads = bulkDownloads(context);
  const files: SiteFile[] = DOWNLOAD_TABLES.flatMap((table, at) =>
    DOWNLOAD_FORMATS.map((format, index) => {
      const { urlPath, file, fileName } = downloadLocation(table, format);
      return {
        urlPath,
        file,
        contentType: downloadContentType(fileName),
        body: downloads.then((made) => made[at]!.files[index]!.body),
      };
    }),
  );
  files.push({
    urlPath: DATA_PACKAGE_PATH,
    file: `${DOWNLOADS_DIR}/${DATA_PACKAGE_FILE}`,
    contentType: "application/json; charset=utf-8",
    body: downloads.then((made) => `${JSON.stringify(dataPackage(context, made))}\n`),
  });
  return files;
};
