// The content table (D-24): the files behind `~/content/…` URIs (contact thumbnails, contacts/thumbnails.ts), each
// by its URI, with its media type; app.ts serves them at /content/….
import { sql, type Db } from './db.ts';

export interface StoredFile {
  mime: string;
  data: Uint8Array;
}

/** The file stored under `uri` (`~/content/…`), or undefined. */
export const readContent = (db: Db, uri: string): StoredFile | undefined =>
  sql(db, 'SELECT mime, data FROM content WHERE path = ?').get(uri) as StoredFile | undefined;

/** Stores `file` under `uri`, replacing what was there; returns `uri`. */
export function writeContent(db: Db, uri: string, file: StoredFile): string {
  sql(db, 'INSERT OR REPLACE INTO content (path, mime, data) VALUES (?, ?, ?)').run(uri, file.mime, file.data);
  return uri;
}

/** Deletes the file stored under `uri`, if any. */
export function deleteContent(db: Db, uri: string): void {
  sql(db, 'DELETE FROM content WHERE path = ?').run(uri);
}
