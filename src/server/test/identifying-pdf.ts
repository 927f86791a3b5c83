// An abstract that names its authors everywhere a PDF can besides its pages, and a search of a
// PDF's bytes for their identity that sees through compression and the string encodings PDF
// writers use.
import { inflateSync } from 'node:zlib';
import anyAscii from 'any-ascii';
import { drawObject, PDFDict, PDFDocument, PDFHexString, PDFName, PDFString, StandardFonts } from 'pdf-lib';

export interface AuthorIdentity {
  /** As typed, in any script. */
  names: string[];
  affiliations: string[];
  emails: string[];
  ictacemIds: string[];
  /** The name the file was uploaded under. */
  fileName: string;
}

/** Every text that identifies the authors: names and affiliations also in their ASCII forms. */
export function identifyingTexts(identity: AuthorIdentity): string[] {
  const written = [...identity.names, ...identity.affiliations];
  return [
    ...new Set([
      ...written,
      ...written.map((text) => anyAscii(text)),
      ...identity.emails,
      ...identity.ictacemIds,
      identity.fileName,
    ]),
  ];
}

function xmp(identity: AuthorIdentity): string {
  const items = (values: string[]) => values.map((value) => `<rdf:li>${value}</rdf:li>`).join('');
  return `<?xpacket begin="\uFEFF" id="W5M0MpCehiHzreSzNTczkc9d"?>
<x:xmpmeta xmlns:x="adobe:ns:meta/"><rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">
<rdf:Description rdf:about="" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:pdfx="http://ns.adobe.com/pdfx/1.3/">
<dc:creator><rdf:Seq>${items(identity.names)}</rdf:Seq></dc:creator>
<dc:contributor><rdf:Bag>${items([...identity.names, ...identity.affiliations].map((text) => anyAscii(text)))}</rdf:Bag></dc:contributor>
<dc:publisher><rdf:Bag>${items(identity.affiliations)}</rdf:Bag></dc:publisher>
<dc:source>${identity.fileName}</dc:source>
<pdfx:AuthorEmail>${identity.emails.join(', ')}</pdfx:AuthorEmail>
<pdfx:ICTACEMID>${identity.ictacemIds.join(' ')}</pdfx:ICTACEMID>
</rdf:Description></rdf:RDF></x:xmpmeta>
<?xpacket end="w"?>`;
}

/**
 * A one-page abstract whose drawing is anonymous but whose file names the authors as word
 * processors and editors leave them: the Info dictionary with custom keys, XMP (compressed),
 * a stale earlier Info and a private-data dictionary (both inside an object stream), the page's
 * own XMP and private data, a comment annotation signed by the author, an attached CV, and a
 * form drawn on the page that carries XMP of its own.
 */
export async function abstractNamingItsAuthors(identity: AuthorIdentity, pageText: string): Promise<Buffer> {
  const document = await PDFDocument.create();
  const { context } = document;
  const page = document.addPage([595, 842]);
  page.drawText(pageText, { x: 72, y: 760, size: 12, font: await document.embedFont(StandardFonts.Helvetica) });

  const names = identity.names.join('; ');
  const affiliations = identity.affiliations.join('; ');
  document.setTitle(`Draft by ${names}`);
  document.setAuthor(names);
  document.setSubject(affiliations);
  document.setKeywords([...identity.names, ...identity.ictacemIds]);
  document.setCreator(`${identity.fileName} (${identity.emails[0]})`);
  document.setProducer(affiliations);
  const info = context.lookup(context.trailerInfo.Info, PDFDict);
  info.set(PDFName.of('AuthorEmail'), PDFHexString.fromText(identity.emails.join(', ')));
  info.set(PDFName.of('ICTACEMID'), PDFString.of(identity.ictacemIds.join(' ')));
  info.set(PDFName.of('SourceFile'), PDFHexString.fromText(identity.fileName));
  info.set(PDFName.of('Affiliation'), PDFHexString.fromText(affiliations));

  const metadata = context.register(context.flateStream(xmp(identity), { Type: 'Metadata', Subtype: 'XML' }));
  document.catalog.set(PDFName.of('Metadata'), metadata);
  // Plain dictionaries: saved with object streams, they are written only inside a compressed one.
  const privateData = context.obj({
    LastModified: PDFString.of('D:20261101120000Z'),
    Data: context.obj({ Author: PDFHexString.fromText(names), Email: PDFString.of(identity.emails.join(',')) }),
  });
  document.catalog.set(PDFName.of('PieceInfo'), context.obj({ WordProcessor: context.register(privateData) }));
  context.register(
    context.obj({
      Author: PDFHexString.fromText(names),
      Subject: PDFHexString.fromText(affiliations),
      Creator: PDFHexString.fromText(identity.fileName),
      ICTACEMID: PDFString.of(identity.ictacemIds.join(' ')),
    }),
  );

  page.node.set(
    PDFName.of('Metadata'),
    context.register(context.flateStream(xmp(identity), { Type: 'Metadata', Subtype: 'XML' })),
  );
  page.node.set(PDFName.of('PieceInfo'), context.obj({ WordProcessor: context.register(privateData.clone(context)) }));
  page.node.set(PDFName.of('StructParents'), context.obj(0));
  const popup = context.register(context.obj({ Type: 'Annot', Subtype: 'Popup', Rect: [300, 700, 500, 780] }));
  const comment = context.register(
    context.obj({
      Type: 'Annot',
      Subtype: 'Text',
      Rect: [72, 700, 92, 720],
      T: PDFHexString.fromText(identity.names[0]!),
      Contents: PDFHexString.fromText(`Check with ${identity.emails[0]}, ${identity.affiliations[0]}`),
      Popup: popup,
    }),
  );
  page.node.set(PDFName.of('Annots'), context.obj([comment, popup]));
  const form = context.register(
    context.flateStream('0 0 m 1 1 l S', {
      Type: 'XObject',
      Subtype: 'Form',
      BBox: [0, 0, 1, 1],
      Metadata: context.register(context.flateStream(xmp(identity), { Type: 'Metadata', Subtype: 'XML' })),
    }),
  );
  page.node.setXObject(PDFName.of('Rule'), form);
  page.pushOperators(drawObject('Rule'));

  await document.attach(
    Buffer.from(`CV: ${names}, ${affiliations}, ${identity.emails.join(', ')}`),
    `cv-${identity.fileName}.txt`,
    {
      mimeType: 'text/plain',
      description: names,
    },
  );
  return Buffer.from(await document.save({ useObjectStreams: true }));
}

/** The bytes of a PDF with every stream that inflates (content, XMP, object streams) also inflated. */
export function decompressedPdf(bytes: Uint8Array): Buffer {
  const raw = Buffer.from(bytes);
  const inflated: Buffer[] = [];
  for (const match of raw.toString('latin1').matchAll(/stream\r?\n([\s\S]*?)endstream/g)) {
    try {
      inflated.push(inflateSync(Buffer.from(match[1]!, 'latin1')));
    } catch {
      // Not Flate-compressed (or an image's own compression): searched as it is.
    }
  }
  return Buffer.concat([raw, ...inflated]);
}

/** How a PDF writer may store a text: UTF-8 (XMP, ASCII literals), UTF-16BE, and both as hex strings. */
function encodingsOf(text: string): { label: string; bytes: Buffer }[] {
  const utf8 = Buffer.from(text, 'utf8');
  const utf16 = Buffer.from(text, 'utf16le').swap16();
  const hex = (bytes: Buffer) => [bytes.toString('hex').toUpperCase(), bytes.toString('hex')];
  return [
    { label: 'UTF-8', bytes: utf8 },
    { label: 'UTF-16BE', bytes: utf16 },
    ...[...hex(utf8), ...hex(utf16)].map((digits) => ({ label: 'a hex string', bytes: Buffer.from(digits, 'latin1') })),
  ];
}

/** Each identifying text found in the PDF, compressed or not, with the encoding it was found in. */
export function identityTracesIn(pdf: Uint8Array, texts: string[]): string[] {
  const bytes = decompressedPdf(pdf);
  return texts.flatMap((text) =>
    encodingsOf(text)
      .filter(({ bytes: encoded }) => bytes.includes(encoded))
      .map(({ label }) => `“${text}” in ${label}`),
  );
}
