import { PDFDocument, StandardFonts, rgb, type PDFFont, type PDFPage, type RGB } from 'pdf-lib';
import { printable } from './text.ts';
import type { BookingDocumentData, Logo } from './types.ts';

/** A4 in points, and the margin around everything. */
const pageSize: [number, number] = [595.28, 841.89];
const margin = 50;
const ink = rgb(0.13, 0.15, 0.19);
const muted = rgb(0.42, 0.45, 0.5);
const rule = rgb(0.85, 0.86, 0.88);

/** '#e39f48' (or '#fff') as a PDF colour; the default brand colour when it is not one. */
export function brandColour(hex: string): RGB {
  const value = /^#([0-9a-f]{3}|[0-9a-f]{6})([0-9a-f]{2})?$/i.exec(hex.trim())?.[1] ?? 'e39f48';
  const full = value.length === 3 ? [...value].map((c) => c + c).join('') : value;
  const [r, g, b] = [0, 2, 4].map((i) => parseInt(full.slice(i, i + 2), 16) / 255);
  return rgb(r, g, b);
}

/** WCAG 2 relative luminance of a colour: 0 for black, 1 for white. */
function luminance(colour: RGB): number {
  const linear = (c: number) => (c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4);
  return 0.2126 * linear(colour.red) + 0.7152 * linear(colour.green) + 0.0722 * linear(colour.blue);
}

/** The contrast ratio of a colour against white paper, from 1:1 (white) to 21:1 (black). */
export function contrastWithWhite(colour: RGB): number {
  return 1.05 / (luminance(colour) + 0.05);
}

/** What text needs against its background: WCAG's AA for body text. */
const readableContrast = 4.5;

/**
 * A colour to write text in on white: the colour itself when it is dark enough, else the same hue
 * darkened (every channel scaled down alike) just until it reads, at least 4.5:1. A light brand
 * colour (a pale gold, a pastel) would otherwise print headings nobody can read.
 */
export function readableOnWhite(colour: RGB): RGB {
  if (contrastWithWhite(colour) >= readableContrast) return colour;
  const scaled = (k: number) => rgb(colour.red * k, colour.green * k, colour.blue * k);
  // Contrast rises as k falls, so the largest k that reads is found by halving: 0 (black) always does.
  let [dark, light] = [0, 1];
  for (let step = 0; step < 24; step++) {
    const k = (dark + light) / 2;
    if (contrastWithWhite(scaled(k)) >= readableContrast) dark = k;
    else light = k;
  }
  return scaled(dark);
}

export interface TextStyle {
  size?: number;
  bold?: boolean;
  colour?: RGB;
}

/**
 * One document being drawn, top to bottom: a cursor that moves down as text is written and starts a
 * new page when the next block would not fit. Every string goes through printable(), so no name can
 * stop a document from being drawn.
 */
export class Sheet {
  readonly left = margin;
  readonly right = pageSize[0] - margin;
  private page!: PDFPage;
  private readonly pages: PDFPage[] = [];
  y = 0;

  private constructor(
    readonly doc: PDFDocument,
    private readonly regular: PDFFont,
    private readonly bold: PDFFont,
    private readonly footer: string,
  ) {
    this.newPage();
  }

  static async create(title: string, data: BookingDocumentData): Promise<Sheet> {
    const doc = await PDFDocument.create();
    // A fixed producer and dates from the document itself: the same booking draws the same file.
    doc.setTitle(title);
    doc.setAuthor(data.company.name);
    doc.setProducer(data.company.name);
    doc.setCreator(data.company.name);
    const day = new Date(`${data.today}T00:00:00Z`);
    doc.setCreationDate(day);
    doc.setModificationDate(day);
    const regular = await doc.embedFont(StandardFonts.Helvetica);
    const bold = await doc.embedFont(StandardFonts.HelveticaBold);
    const { company } = data;
    const footer = [company.name, company.address, company.phone, company.email].filter((part) => part && part.trim()).join('  ·  ');
    return new Sheet(doc, regular, bold, footer);
  }

  private newPage(): void {
    this.page = this.doc.addPage(pageSize);
    this.pages.push(this.page);
    this.y = pageSize[1] - margin;
  }

  private font(style: TextStyle): PDFFont {
    return style.bold ? this.bold : this.regular;
  }

  /** Room for `height` more points on this page, else a new page. */
  need(height: number): void {
    if (this.y - height < margin + 30) this.newPage();
  }

  width(text: string, style: TextStyle = {}): number {
    return this.font(style).widthOfTextAtSize(printable(this.font(style), text), style.size ?? 10);
  }

  /** Text at x on the current line (its baseline at y - size), right-aligned to x when `align` says so. */
  put(text: string, x: number, style: TextStyle = {}, align: 'left' | 'right' = 'left'): void {
    const font = this.font(style);
    const size = style.size ?? 10;
    const safe = printable(font, text);
    const at = align === 'right' ? x - font.widthOfTextAtSize(safe, size) : x;
    this.page.drawText(safe, { x: at, y: this.y - size, size, font, color: style.colour ?? ink });
  }

  /** Words wrapped to fit `width`, as lines. */
  wrap(text: string, width: number, style: TextStyle = {}): string[] {
    const lines: string[] = [];
    let line = '';
    for (const word of text.split(/\s+/).filter(Boolean)) {
      const next = line ? `${line} ${word}` : word;
      if (line && this.width(next, style) > width) {
        lines.push(line);
        line = word;
      } else line = next;
    }
    if (line) lines.push(line);
    return lines.length ? lines : [''];
  }

  /** A paragraph wrapped to the given width from x; moves the cursor below it. */
  paragraph(text: string, style: TextStyle = {}, x = this.left, width = this.right - this.left): void {
    const size = style.size ?? 10;
    for (const line of this.wrap(text, width, style)) {
      this.need(size * 1.4);
      this.put(line, x, style);
      this.y -= size * 1.4;
    }
  }

  heading(text: string, colour: RGB): void {
    this.need(40);
    this.y -= 12;
    this.put(text, this.left, { size: 12, bold: true, colour });
    this.y -= 18;
  }

  /** Label and value pairs, the labels in grey in a column of their own. */
  rows(rows: [string, string][], labelWidth = 130, x = this.left, width = this.right - this.left): void {
    for (const [label, value] of rows) {
      const lines = this.wrap(value, width - labelWidth);
      this.need(lines.length * 14);
      this.put(label, x, { colour: muted });
      for (const line of lines) {
        this.put(line, x + labelWidth);
        this.y -= 14;
      }
    }
  }

  line(colour: RGB = rule, thickness = 0.75): void {
    this.page.drawLine({ start: { x: this.left, y: this.y }, end: { x: this.right, y: this.y }, thickness, color: colour });
  }

  /** The header of every document: the logo or the name in the brand colour (as text, readable), the company's contact, and the title on the right. */
  async header(data: BookingDocumentData, logo: Logo | null, title: string, facts: [string, string][]): Promise<void> {
    const brand = brandColour(data.company.primary_color);
    const colour = readableOnWhite(brand);
    const top = this.y;
    if (logo) {
      const image = logo.kind === 'png' ? await this.doc.embedPng(logo.bytes) : await this.doc.embedJpg(logo.bytes);
      const scale = Math.min(160 / image.width, 56 / image.height, 1);
      this.page.drawImage(image, { x: this.left, y: top - image.height * scale, width: image.width * scale, height: image.height * scale });
      this.y = top - image.height * scale - 8;
    } else {
      this.put(data.company.name, this.left, { size: 20, bold: true, colour });
      this.y -= 28;
    }
    const contact = [data.company.tagline, data.company.address, data.company.phone, data.company.email].filter((part): part is string => Boolean(part && part.trim()));
    for (const part of contact) {
      this.put(part, this.left, { size: 9, colour: muted });
      this.y -= 12;
    }
    const leftBottom = this.y;
    this.y = top;
    this.put(title, this.right, { size: 22, bold: true, colour }, 'right');
    this.y -= 32;
    // The labels line up left of the widest value.
    const valueWidth = Math.max(...facts.map(([, value]) => this.width(value, { size: 9, bold: true })));
    for (const [label, value] of facts) {
      this.put(value, this.right, { size: 9, bold: true }, 'right');
      this.put(label, this.right - valueWidth - 12, { size: 9, colour: muted }, 'right');
      this.y -= 13;
    }
    this.y = Math.min(this.y, leftBottom) - 14;
    // A rule is not text: it keeps the brand's own colour, however light.
    this.line(brand, 1.5);
    this.y -= 10;
  }

  /** The file, with the company's line and the page number at the foot of every page. */
  async save(): Promise<Uint8Array> {
    this.pages.forEach((page, index) => {
      const size = 8;
      const footer = printable(this.regular, this.footer);
      page.drawText(footer, { x: this.left, y: margin - 20, size, font: this.regular, color: muted, maxWidth: this.right - this.left - 60 });
      const number = `Page ${index + 1} of ${this.pages.length}`;
      page.drawText(number, { x: this.right - this.regular.widthOfTextAtSize(number, size), y: margin - 20, size, font: this.regular, color: muted });
    });
    return this.doc.save();
  }
}
