/**
 * Site producer of `/downloads/`: every resource as a gzip NDJSON file, and the data package
 * describing them.
 * @module
 */
import type { SiteFile, SiteProducer } from "../output-format/site-files.ts";
import { bulkDownloads, DOWNLOAD_CONTENT_TYPE, DOWNLOADS_DIR, downloadLocation } from "./bulk-downloads.ts";
import { DATA_PACKAGE_FILE, dataPackage } from "./data-package.ts";
import { DOWNLOAD_TABLES } from "./download-tables.ts";

/** The public path of the data package descriptor. */
export const DATA_PACKAGE_PATH = `/${DOWNLOADS_DIR}/${DATA_PACKAGE_FILE}`;

/** The download files and `datapackage.json` (compact JSON with a trailing newline); their bytes follow the archives. */
export const downloadsProducer: SiteProducer = (context) => {
  const downloads = bulkDownloads(context);
  const files: SiteFile[] = DOWNLOAD_TABLES.map((table, at) => {
    const { urlPath, file } = downloadLocation(table);
    return { urlPath, file, contentType: DOWNLOAD_CONTENT_TYPE, body: downloads.then((made) => made[at]!.body) };
  });
  files.push({
    urlPath: DATA_PACKAGE_PATH,
    file: `${DOWNLOADS_DIR}/${DATA_PACKAGE_FILE}`,
    contentType: "application/json; charset=utf-8",
    body: downloads.then((made) => `${JSON.stringify(dataPackage(context, made))}\n`),
  });
  return files;
};
