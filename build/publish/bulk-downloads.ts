/**
 * The bulk downloads, computed once per dataset: gzip NDJSON bytes with their size, SHA-256 and
 * derived table schema, and the same records as CSV and Parquet (issue 28). The downloads producer
 * writes them; the downloads page lists them.
 * @module
 */
import { createHash } from "node:crypto";
import type { Dataset } from "../compute/dataset.ts";
import type { EngineContext } from "../query/endpoint.ts";
import { itemJson } from "../query/stable-json.ts";
import { DOWNLOAD_TABLES, downloadFileName, type DownloadRecord, type DownloadTable } from "./download-tables.ts";
import { fieldSources } from "./download-field-sources.ts";
import { describeFields } from "./field-descriptions.ts";
import { toCsv } from "./csv-table.ts";
import { gzipDeterministic } from "./gzip-deterministic.ts";
import { toParquet } from "./parquet-table.ts";
import { checkForeignKeys, keyValues, type TableKeyValues } from "./table-keys.ts";
import { inferTableSchema, type TableSchema } from "./table-schema.ts";

/** Where the downloads live under the site root. */
export const DOWNLOADS_DIR = "downloads";
/** The Content-Type of every download: the file is a gzip archive, not a compressed transfer of NDJSON. */
export const DOWNLOAD_CONTENT_TYPE = "application/gzip";

/** The formats every resource is published in: gzip NDJSON first (the data package's `path`), then CSV and Parquet. */
export type DownloadFormat = "ndjson" | "csv" | "parquet";
export const DOWNLOAD_FORMATS: readonly DownloadFormat[] = ["ndjson", "csv", "parquet"];

/** One file of a download in one format. */
export interface DownloadFile {
  format: DownloadFormat;
  /** `brands.csv` */
  fileName: string;
  /** `/downloads/brands.csv` */
  urlPath: string;
  body: Buffer;
  bytes: number;
  /** Hex SHA-256 of the file's bytes. */
  sha256: string;
}

/** One download, ready to write and to list: the gzip NDJSON file's fields, and every format in `files`. */
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
  /** The same records in each of DOWNLOAD_FORMATS, in that order (the first is the gzip NDJSON file above). */
  files: DownloadFile[];
}

/** One JSON record per line, each line ending in a newline (also the last); an API list's items reuse their stored JSON. */
export function toNdjson(records: readonly unknown[]): string {
  return records.map((record) => `${itemJson(record)}\n`).join("");
}

/** Where a table's download is published in a format (gzip NDJSON by default): known before its archive is made. */
export function downloadLocation(
  table: DownloadTable,
  format: DownloadFormat = "ndjson",
): { fileName: string; urlPath: string; file: string } {
  const fileName = format === "ndjson" ? downloadFileName(table.name) : `${table.name}.${format}`;
  return { fileName, urlPath: `/${DOWNLOADS_DIR}/${fileName}`, file: `${DOWNLOADS_DIR}/${fileName}` };
}

/** A file of a download with its size and hash. */
export function downloadFile(table: DownloadTable, format: DownloadFormat, body: Buffer): DownloadFile {
  const { fileName, urlPath } = downloadLocation(table, format);
  return {
    format,
    fileName,
    urlPath,
    body,
    bytes: body.length,
    sha256: createHash("sha256").update(body).digest("hex"),
  };
}

/** The CSV and Parquet files of records under their schema (the NDJSON file is compressed apart, off the thread). */
export function tabularFiles(
  table: DownloadTable,
  records: readonly DownloadRecord[],
  schema: TableSchema,
): DownloadFile[] {
  return [
    downloadFile(table, "csv", Buffer.from(toCsv(records, schema))),
    downloadFile(table, "parquet", toParquet(records, schema)),
  ];
}

/** The table schema of a table's records: the fields they have, and the keys the table declares. */
function tableSchema(table: DownloadTable, records: readonly DownloadRecord[]): TableSchema {
  const schema = describeFields(inferTableSchema(records), fieldSources(table.name));
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
  const { file } = downloadLocation(table);
  let made: { records: DownloadRecord[]; files: DownloadFile[]; schema: TableSchema; keys: TableKeyValues };
  try {
    const records = table.records(context);
    const compressing = gzipDeterministic(toNdjson(records));
    const keys = keyValues(table, records);
    const schema = tableSchema(table, records);
    const tabular = tabularFiles(table, records, schema);
    made = { records, files: [downloadFile(table, "ndjson", await compressing), ...tabular], schema, keys };
  } catch (error) {
    throw new Error(`Internal error: the download ${file} could not be made`, { cause: error });
  }
  const { records, files, schema, keys } = made;
  const ndjson = files[0]!;
  const download: BulkDownload = {
    table,
    fileName: ndjson.fileName,
    urlPath: ndjson.urlPath,
    body: ndjson.body,
    bytes: ndjson.bytes,
    sha256: ndjson.sha256,
    records: records.length,
    schema,
    files,
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
