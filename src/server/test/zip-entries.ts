import { buffer } from 'node:stream/consumers';
import yauzl from 'yauzl';

/** Every entry of a ZIP held in memory, by name. */
export async function unzip(zip: Buffer): Promise<Map<string, Buffer>> {
  const archive = await new Promise<yauzl.ZipFile>((resolve, reject) =>
    yauzl.fromBuffer(zip, { lazyEntries: true }, (error, file) => (error ? reject(error) : resolve(file))),
  );
  const files = new Map<string, Buffer>();
  await new Promise<void>((resolve, reject) => {
    archive.on('entry', (entry: yauzl.Entry) =>
      archive.openReadStream(entry, (error, stream) => {
        if (error) return reject(error);
        void buffer(stream).then((bytes) => {
          files.set(entry.fileName, bytes);
          archive.readEntry();
        }, reject);
      }),
    );
    archive.on('end', resolve);
    archive.on('error', reject);
    archive.readEntry();
  });
  return files;
}
