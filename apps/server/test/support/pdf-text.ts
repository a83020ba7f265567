import { PDFParse } from 'pdf-parse';

/** The text of a PDF (a receipt, a statement), as a reader copying it out would get it. */
export async function pdfText(body: Buffer): Promise<string> {
  const parser = new PDFParse({ data: new Uint8Array(body) });
  try {
    return (await parser.getText()).text;
  } finally {
    await parser.destroy();
  }
}
