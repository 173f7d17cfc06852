/**
 * Real PDF and DOCX files with text in them, made with pdfkit and docx: the demo's meeting
 * documents and the index's test fixtures (text that unpdf and mammoth must read back). Both are
 * loaded at the first file made: only the demo seed and tests make them, the server never does.
 */
export async function makePdf(title: string, paragraphs: string[]): Promise<Buffer> {
  const { default: PDFDocument } = await import('pdfkit');
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({ size: 'A4', margin: 56, info: { Title: title } });
    const chunks: Buffer[] = [];
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
    doc.fontSize(18).text(title).moveDown();
    doc.fontSize(11);
    for (const p of paragraphs) doc.text(p).moveDown(0.5);
    doc.end();
  });
}

export async function makeDocx(title: string, paragraphs: string[]): Promise<Buffer> {
  const { Document, HeadingLevel, Packer, Paragraph } = await import('docx');
  const doc = new Document({
    creator: 'Members Portal',
    title,
    sections: [
      {
        children: [
          new Paragraph({ text: title, heading: HeadingLevel.HEADING_1 }),
          ...paragraphs.map((p) => new Paragraph(p)),
        ],
      },
    ],
  });
  return Packer.toBuffer(doc);
}
