import { isStorageKey, type Storage } from '../plugins/app/storage';

interface CopyReport {
  copied: number;
  copiedBytes: number;
  skipped: number;
  ignored: number;
}

/**
 * Copies every object of `from` into `to` (`npm run admin -- storage copy --to s3`). Safe to run
 * again and again, also after an interrupted run: an object already in `to` with the same size
 * is skipped (objects are content-addressed, so the same key and size is the same bytes), and
 * `to` only ever receives whole objects. Nothing is deleted from `from`.
 */
export async function copyStorage(from: Storage, to: Storage, out: (line: string) => void): Promise<CopyReport> {
  const report: CopyReport = { copied: 0, copiedBytes: 0, skipped: 0, ignored: 0 };
  for await (const object of from.list('')) {
    if (!isStorageKey(object.key)) {
      out(`Ignored ${object.key}: not a stored file's name.`);
      report.ignored++;
      continue;
    }
    const there = await to.head(object.key);
    if (there && there.size === object.size) {
      report.skipped++;
      continue;
    }
    const body = await from.get(object.key);
    if (!body) continue; // Deleted while we copied: nothing to carry over.
    await to.put(object.key, body, { maxBytes: object.size });
    out(`Copied ${object.key} (${object.size} bytes).`);
    report.copied++;
    report.copiedBytes += object.size;
  }
  out(
    `Copied ${report.copied} file${report.copied === 1 ? '' : 's'} (${report.copiedBytes} bytes); ` +
      `skipped ${report.skipped} already there${report.ignored ? `; ignored ${report.ignored} not stored by VoxClub` : ''}.`,
  );
  return report;
}
