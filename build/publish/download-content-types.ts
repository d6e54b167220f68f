/**
 * The Content-Type of each kind of file in `/downloads/`, by its name: the host, the CDN's header rules
 * and the releases all name a download's type the same way.
 * @module
 */
import { DOWNLOAD_CONTENT_TYPE } from "./bulk-downloads.ts";
import { CSV_MEDIA_TYPE } from "./csv-table.ts";
import { PARQUET_MEDIA_TYPE } from "./parquet-table.ts";

const JSON_TYPE = "application/json; charset=utf-8";
const CFF_TYPE = "text/yaml; charset=utf-8";

/** The Content-Type of a file of the downloads folder, by its name. */
export function downloadContentType(fileName: string): string {
  // An NDJSON download or the archive of all: the file is the archive, not a compressed transfer.
  if (fileName.endsWith(".gz")) return DOWNLOAD_CONTENT_TYPE;
  if (fileName.endsWith(".csv")) return `${CSV_MEDIA_TYPE}; charset=utf-8; header=present`;
  if (fileName.endsWith(".parquet")) return PARQUET_MEDIA_TYPE;
  if (fileName.endsWith(".cff")) return CFF_TYPE;
  return JSON_TYPE;
}
