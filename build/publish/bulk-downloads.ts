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
import { checkForeignKeys, keyValues, type TableKeyValues } from "./table-keys.ts";
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

/** The table schema of a table's records: the fields they have, and the keys the table declares. */
function tableSchema(table: DownloadTable, records: readonly DownloadRecord[]): TableSchema {
  const schema = inferTableSchema(records);
  // Without records there are no fields for a key to name (the data package gives no schema then).
  if (schema.fields.length === 0) return schema;
  return {
    ...schema,
    ...(table.primaryKey ? { primaryKey: table.primaryKey } : {}),
    ...(table.foreignKeys ? { foreignKeys: table.foreignKeys } : {}),
  };
}

/** A download and the key values its foreign keys are checked with, once every download is made. */
async function makeDownload(
  context: EngineContext,
  table: DownloadTable,
): Promise<{ download: BulkDownload; keys: TableKeyValues }> {
  const { fileName, urlPath, file } = downloadLocation(table);
  let made: { records: DownloadRecord[]; body: Buffer; schema: TableSchema; keys: TableKeyValues };
  try {
    const records = table.records(context);
    const compressing = gzipDeterministic(toNdjson(records));
    const keys = keyValues(table, records);
    made = { records, body: await compressing, schema: tableSchema(table, records), keys };
  } catch (error) {
    throw new Error(`Internal error: the download ${file} could not be made`, { cause: error });
  }
  const { records, body, schema, keys } = made;
  const download: BulkDownload = {
    table,
    fileName,
    urlPath,
    body,
    bytes: body.length,
    sha256: createHash("sha256").update(body).digest("hex"),
    records: records.length,
    schema,
  };
  return { download, keys };
}

/**
 * Builds one download from its table; the archive is compressed off the calling thread. A failure names
 * the file: zlib's own message ("out of memory") does not say which of the archives it was making. A
 * primary key its records repeat or leave empty is such a failure.
 */
export async function buildDownload(context: EngineContext, table: DownloadTable): Promise<BulkDownload> {
  return (await makeDownload(context, table)).download;
}

/** Builds the downloads of tables, then checks that each foreign key's values are keys of the download it names. */
export async function buildDownloads(
  context: EngineContext,
  tables: readonly DownloadTable[],
): Promise<BulkDownload[]> {
  const made = await Promise.all(tables.map((table) => makeDownload(context, table)));
  checkForeignKeys(made.map(({ keys }) => keys));
  return made.map(({ download }) => download);
}

// Keyed by the dataset object: compressing is the costly part, and three producers need the result.
const memo = new WeakMap<Dataset, Promise<BulkDownload[]>>();

/** Every download of the context's dataset, started on first use (all archives at once) and shared afterwards. */
export function bulkDownloads(context: EngineContext): Promise<BulkDownload[]> {
  let downloads = memo.get(context.dataset);
  if (downloads === undefined) {
    downloads = buildDownloads(context, DOWNLOAD_TABLES);
    memo.set(context.dataset, downloads);
  }
  return downloads;
}
