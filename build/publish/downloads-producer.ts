/**
 * Site producer of `/downloads/`: every resource as a gzip NDJSON file, and the data package
 * describing them.
 * @module
 */
import type { SiteFile, SiteProducer } from "../emit/site-files.ts";
import { bulkDownloads, DOWNLOAD_CONTENT_TYPE, DOWNLOADS_DIR } from "./bulk-downloads.ts";
import { DATA_PACKAGE_FILE, dataPackage } from "./data-package.ts";

/** The public path of the data package descriptor. */
export const DATA_PACKAGE_PATH = `/${DOWNLOADS_DIR}/${DATA_PACKAGE_FILE}`;

/** The download files and `datapackage.json` (compact JSON with a trailing newline). */
export const downloadsProducer: SiteProducer = (context) => {
  const downloads = bulkDownloads(context);
  const files: SiteFile[] = downloads.map((download) => ({ urlPath: download.urlPath, file: `${DOWNLOADS_DIR}/${download.fileName}`, contentType: DOWNLOAD_CONTENT_TYPE, body: download.body }));
  files.push({
    urlPath: DATA_PACKAGE_PATH,
    file: `${DOWNLOADS_DIR}/${DATA_PACKAGE_FILE}`,
    contentType: "application/json; charset=utf-8",
    body: `${JSON.stringify(dataPackage(context, downloads))}\n`,
  });
  return files;
};
