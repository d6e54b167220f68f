/**
 * The bulk downloads, computed once per dataset: gzip NDJSON bytes with their size, SHA-256 and
 * derived table schema. The downloads producer writes them; the landing page lists them.
 * @module
 */
import { createHash } from "node:crypto";
import type { Dataset } from "../compute/dataset.ts";
import type { EngineContext } from "../query/endpoint.ts";
import { itemJson } from "../query/stable-json.ts";
import { DOWNLOAD_TABLES, downloadFileName, type DownloadRecord, type DownloadTable } from "./download-tables.ts";
import { gzipDeterministic } from "./gzip-deterministic.ts";
import { inferTableSchema, type TableSchema } from "./table-schema.ts";

/** Where the downloads live under the site root. */
export const DOWNLOADS_DIR = "downloads";
/** The Content-Type of every download: the file is a gzip archive, not a compressed transfer of NDJSON. */
export const DOWNLOAD_CONTENT_TYPE = "application/gzip";

/** One download file, ready to write and to list. */
export interface BulkDownload {
  table: DownloadTable;
  /** `brands.ndjson.gz` */
  fileName: string;
  /** `/downloads/brands.ndjson.gz` */
  urlPath: string;
  body: Buffer;
  bytes: number;
  /** Hex SHA-256 of the compressed file. */
  sha256: string;
  records: number;
  schema: TableSchema;
}

/** One JSON record per line, each line ending in a newline (also the last); an API list's items reuse their stored JSON. */
export function toNdjson(records: readonly unknown[]): string {
  return records.map((record) => `${itemJson(record)}\n`).join("");
}

/** Where a table's download is published: known before its archive is made. */
export function downloadLocation(table: DownloadTable): { fileName: string; urlPath: string; file: string } {
  const fileName = downloadFileName(table.name);
  return { fileName, urlPath: `/${DOWNLOADS_DIR}/${fileName}`, file: `${DOWNLOADS_DIR}/${fileName}` };
}

/**
 * Builds one download from its table; the archive is compressed off the calling thread. A failure names
 * the file: zlib's own message ("out of memory") does not say which of the archives it was making.
 */
export async function buildDownload(context: EngineContext, table: DownloadTable): Promise<BulkDownload> {
  const { fileName, urlPath, file } = downloadLocation(table);
  let made: { records: DownloadRecord[]; body: Buffer; schema: TableSchema };
  try {
    const records = table.records(context);
    const compressing = gzipDeterministic(toNdjson(records));
    const schema = inferTableSchema(records);
    made = { records, body: await compressing, schema };
  } catch (error) {
    throw new Error(`Internal error: the download ${file} could not be made`, { cause: error });
  }
  const { records, body, schema } = made;
  return {
    table,
    fileName,
    urlPath,
    body,
    bytes: body.length,
    sha256: createHash("sha256").update(body).digest("hex"),
    records: records.length,
    schema,
  };
}

// Keyed by the dataset object: compressing is the costly part, and three producers need the result.
const memo = new WeakMap<Dataset, Promise<BulkDownload[]>>();

/** Every download of the context's dataset, started on first use (all archives at once) and shared afterwards. */
export function bulkDownloads(context: EngineContext): Promise<BulkDownload[]> {
  let downloads = memo.get(context.dataset);
  if (downloads === undefined) {
    downloads = Promise.all(DOWNLOAD_TABLES.map((table) => buildDownload(context, table)));
    memo.set(context.dataset, downloads);
  }
  return downloads;
}
