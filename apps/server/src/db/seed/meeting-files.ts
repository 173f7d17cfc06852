import { Document, HeadingLevel, Packer, Paragraph } from 'docx';
import PDFDocument from 'pdfkit';

/**
 * Real PDF and DOCX files with text in them, made with pdfkit and docx: the demo's meeting
 * documents and the index's test fixtures (text that unpdf and mammoth must read back).
 */
export function makePdf(title: string, paragraphs: string[]): Promise<Buffer> {
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

export function makeDocx(title: string, paragraphs: string[]): Promise<Buffer> {
  const doc = new Document({
    creator: 'Members Portal',
    title,
    sections: [{ children: [new Paragraph({ text: title, heading: HeadingLevel.HEADING_1 }), ...paragraphs.map((p) => new Paragraph(p))] }],
  });
  return Packer.toBuffer(doc);
}
