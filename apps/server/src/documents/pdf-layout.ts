/**
 * The layout every generated document shares (price sheets now; quotes, agreements and invoices
 * next): US Letter pages, a coloured header band on the first page and a slim running header on
 * the others, sections, an information panel, tables whose rows never split across pages and
 * whose header repeats on each new page, and a footer with the generated date and 'Page n of m'.
 *
 * Built on pdfkit with its built-in Helvetica (no font files, no browser). pdfkit is loaded on
 * the first document, not at start: it takes a noticeable part of a second to import.
 *
 * The standard fonts cover Windows-1252 (Latin letters with accents, ×, –, —, ’, €…); anything
 * else in a name is replaced by '?' rather than printed as a wrong glyph (see pdfText).
 */

export interface TPdfTheme {
  /** The header band, table headers and accents. */
  brand: string;
  /** Text on the band. */
  onBrand: string;
  /** Quieter text on the band. */
  onBrandMuted: string;
  /** A thin stripe under the band and the running header. */
  accent: string;
  ink: string;
  muted: string;
  /** Placeholders (a dash for 'none'). */
  faint: string;
  rule: string;
  /** Every other table row and the information panel. */
  zebra: string;
  /** Savings and other good news. */
  positive: string;
}

/** Pennant's blue (the web app's brand-800 band, brand-500 accent). */
export const DEFAULT_THEME: TPdfTheme = {
  brand: '#1e3a8a',
  onBrand: '#ffffff',
  onBrandMuted: '#bfdbfe',
  accent: '#3b82f6',
  ink: '#0f172a',
  muted: '#64748b',
  faint: '#94a3b8',
  rule: '#e2e8f0',
  zebra: '#f1f5f9',
  positive: '#047857',
};

export interface TDocumentOptions {
  /** Small capitals on the band's right, e.g. 'Price sheet'. */
  kind: string;
  /** Small capitals above the title: the organization. */
  organization: string;
  title: string;
  /** One line under the title. */
  subtitle?: string;
  /** Printed in the footer and the band ('Generated March 3, 2026'). */
  generatedAt: Date;
  /** The zone the generated date is read in (the member's). */
  timeZone?: string;
  theme?: Partial<TPdfTheme>;
  /** PDF metadata. */
  author?: string;
  subject?: string;
}

export type TAlign = 'left' | 'right';

export interface TColumn {
  header: string;
  /** A share of the table's width (the columns' weights are scaled to fill it). */
  weight: number;
  align?: TAlign;
}

export interface TCell {
  text: string;
  /** A second, smaller line under the text (e.g. a bundle's products). */
  sub?: string;
  bold?: boolean;
  color?: string;
}
export type TCellInput = string | TCell;

export interface TInfoItem {
  label: string;
  lines: string[];
}

// US Letter, in points.
const PAGE_WIDTH = 612;
const PAGE_HEIGHT = 792;
const MARGIN_X = 48;
const CONTENT_WIDTH = PAGE_WIDTH - 2 * MARGIN_X;
/** Where the content of pages after the first starts, below the running header. */
const CONTINUED_TOP = 64;
/** The footer's rule; content stops above it. */
const FOOTER_RULE_Y = PAGE_HEIGHT - 46;
const CONTENT_BOTTOM = FOOTER_RULE_Y - 14;

const FONT = 'Helvetica';
const FONT_BOLD = 'Helvetica-Bold';
const BODY_SIZE = 9.5;
const SUB_SIZE = 8;
const HEADER_SIZE = 7.5;
const CELL_PAD_X = 8;
const CELL_PAD_Y = 6;
const SUB_GAP = 2;

/** Windows-1252 beyond ASCII: what the built-in fonts can draw. */
const WIN_ANSI_EXTRA = new Set('€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ');

/**
 * Text the standard fonts can draw: tabs and line breaks as spaces (line breaks kept with
 * `keepLineBreaks`), other characters they lack as '?'.
 */
export function pdfText(text: string, keepLineBreaks = false): string {
  let out = '';
  for (const ch of text.replace(/\r\n?/g, '\n').replace(keepLineBreaks ? /\t/g : /[\t\n]+/g, ' ')) {
    const code = ch.codePointAt(0) ?? 0;
    const drawable =
      ch === '\n' || (code >= 0x20 && code <= 0x7e) || (code >= 0xa0 && code <= 0xff) || WIN_ANSI_EXTRA.has(ch);
    out += drawable ? ch : '?';
  }
  return out;
}

type TPdfKit = typeof import('pdfkit');
let pdfkit: Promise<TPdfKit> | undefined;

/** pdfkit's document class, imported once on first use. */
export function loadPdfKit(): Promise<TPdfKit> {
  pdfkit ??= import('pdfkit').then((m) => m.default);
  return pdfkit;
}

export function formatDocumentDate(at: Date, timeZone = 'America/New_York'): string {
  return new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone }).format(at);
}

/** One document being laid out, page by page; finish() adds headers and footers and answers the bytes. */
export class PdfLayout {
  readonly left = MARGIN_X;
  readonly width = CONTENT_WIDTH;
  private y = 0;
  readonly theme: TPdfTheme;
  private readonly generated: string;

  private constructor(
    private readonly doc: PDFKit.PDFDocument,
    private readonly options: TDocumentOptions,
    private readonly chunks: Buffer[],
  ) {
    this.theme = { ...DEFAULT_THEME, ...options.theme };
    this.generated = formatDocumentDate(options.generatedAt, options.timeZone);
  }

  static async open(options: TDocumentOptions): Promise<PdfLayout> {
    const PDFDocument = await loadPdfKit();
    const doc = new PDFDocument({
      size: 'LETTER',
      // The layout places everything itself; zero margins keep pdfkit from starting pages of its own.
      margins: { top: 0, bottom: 0, left: 0, right: 0 },
      bufferPages: true,
      autoFirstPage: true,
      lang: 'en-US',
      displayTitle: true,
      info: {
        Title: pdfText(options.title),
        Author: pdfText(options.author ?? options.organization),
        Subject: pdfText(options.subject ?? options.kind),
        Creator: 'Pennant',
        Producer: 'Pennant',
        CreationDate: options.generatedAt,
      },
    });
    const chunks: Buffer[] = [];
    doc.on('data', (chunk: Buffer) => chunks.push(chunk));
    const layout = new PdfLayout(doc, options, chunks);
    layout.drawBand();
    return layout;
  }

  /** The space left on this page. */
  get room(): number {
    return CONTENT_BOTTOM - this.y;
  }

  spacer(height: number): void {
    this.y += height;
  }

  /** Starts a new page unless `height` still fits on this one. */
  ensureRoom(height: number): void {
    if (height > this.room) this.newPage();
  }

  newPage(): void {
    this.doc.addPage();
    this.y = CONTINUED_TOP;
  }

  /** A section's title with an optional note on the right ('12 products'); kept with `keepWith` points of what follows. */
  section(title: string, note?: string, keepWith = 60): void {
    const { doc, theme } = this;
    this.ensureRoom(26 + keepWith);
    doc.font(FONT_BOLD).fontSize(13).fillColor(theme.ink);
    doc.text(pdfText(title), this.left, this.y, { width: this.width, lineBreak: false });
    if (note) {
      doc.font(FONT).fontSize(8.5).fillColor(theme.muted);
      doc.text(pdfText(note), this.left, this.y + 3.5, { width: this.width, align: 'right', lineBreak: false });
    }
    this.y += 18;
    doc.rect(this.left, this.y, 28, 2).fill(theme.accent);
    this.y += 10;
  }

  /**
   * A light panel of labelled columns (contact details, addresses). Each column gets the width
   * its longest line needs when they all fit side by side (an e-mail address is never broken),
   * else an equal share, wrapped.
   */
  infoPanel(items: TInfoItem[]): void {
    const shown = items
      .map((i) => ({
        label: pdfText(i.label.toUpperCase()),
        text: pdfText(i.lines.filter((l) => l.trim()).join('\n'), true),
      }))
      .filter((i) => i.text.trim());
    if (!shown.length) return;
    const { doc, theme } = this;
    const pad = 12;
    const minGap = 16;
    const inner = this.width - 2 * pad;
    // Per column: the width that fits every line, and the least that breaks no word.
    const measured = shown.map((item) => {
      doc.font(FONT_BOLD).fontSize(7);
      const label = doc.widthOfString(item.label, { characterSpacing: 0.6 });
      doc.font(FONT).fontSize(9);
      const lines = item.text.split('\n');
      const natural = Math.max(label, ...lines.map((l) => doc.widthOfString(l))) + 1;
      const least = Math.max(label, ...lines.flatMap((l) => l.split(/\s+/)).map((w) => doc.widthOfString(w))) + 1;
      return { natural, least };
    });
    const space = inner - minGap * (shown.length - 1);
    const sum = (f: (m: { natural: number; least: number }) => number) => measured.reduce((a, m) => a + f(m), 0);
    const naturalTotal = sum((m) => m.natural);
    const leastTotal = sum((m) => m.least);
    const widths =
      naturalTotal <= space
        ? measured.map((m) => m.natural + (space - naturalTotal) / shown.length)
        : leastTotal <= space
          ? measured.map(
              (m) => m.least + ((space - leastTotal) * (m.natural - m.least)) / Math.max(1, naturalTotal - leastTotal),
            )
          : measured.map(() => space / shown.length);
    const heights = shown.map((item, i) => {
      doc.font(FONT).fontSize(9);
      return 13 + doc.heightOfString(item.text, { width: widths[i], lineGap: 1.5 });
    });
    const height = 2 * pad + Math.max(...heights) - 2;
    this.ensureRoom(height);
    doc.roundedRect(this.left, this.y, this.width, height, 6).fill(theme.zebra);
    let x = this.left + pad;
    shown.forEach((item, i) => {
      const width = widths[i] ?? 0;
      doc.font(FONT_BOLD).fontSize(7).fillColor(theme.muted);
      doc.text(item.label, x, this.y + pad, { width, characterSpacing: 0.6, lineBreak: false });
      doc.font(FONT).fontSize(9).fillColor(theme.ink);
      doc.text(item.text, x, this.y + pad + 13, { width, lineGap: 1.5 });
      x += width + minGap;
    });
    this.y += height;
  }

  /** A paragraph of body text across the content width; with `link`, the whole paragraph opens it. */
  paragraph(text: string, opts: { size?: number; color?: string; bold?: boolean; link?: string } = {}): void {
    const { doc, theme } = this;
    doc
      .font(opts.bold ? FONT_BOLD : FONT)
      .fontSize(opts.size ?? 9)
      .fillColor(opts.color ?? theme.muted);
    const clean = pdfText(text, true);
    const height = doc.heightOfString(clean, { width: this.width, lineGap: 2 });
    this.ensureRoom(height);
    doc.text(clean, this.left, this.y, {
      width: this.width,
      lineGap: 2,
      link: opts.link,
      underline: Boolean(opts.link),
    });
    this.y += height;
  }

  /**
   * A table: a header row in the brand colour, zebra rows, right-aligned money. A row that does
   * not fit on the page moves whole to the next one, where the header is drawn again (with
   * `continued` above it, e.g. 'Products (continued)'). A row taller than a page is cut with an
   * ellipsis rather than split.
   */
  table(columns: TColumn[], rows: TCellInput[][], continued?: string): void {
    const widths = this.columnWidths(columns);
    const headerHeight = this.headerHeight(columns, widths);
    const maxRow = CONTENT_BOTTOM - CONTINUED_TOP - headerHeight - 22;
    this.ensureRoom(headerHeight + Math.min(maxRow, this.rowHeight(rows[0] ?? [], widths)));
    this.drawHeaderRow(columns, widths, headerHeight);
    rows.forEach((row, index) => {
      const height = Math.min(maxRow, this.rowHeight(row, widths));
      if (height > this.room) {
        this.newPage();
        if (continued) {
          this.doc.font(FONT_BOLD).fontSize(9).fillColor(this.theme.muted);
          this.doc.text(pdfText(continued), this.left, this.y, { width: this.width, lineBreak: false });
          this.y += 16;
        }
        this.drawHeaderRow(columns, widths, headerHeight);
      }
      this.drawRow(columns, widths, row, height, index);
    });
  }

  /**
   * Signature blocks side by side (an agreement's parties): each a label, space to sign, a rule,
   * then its lines (name, title, 'Date'). Kept together on one page.
   */
  signatureBlocks(parties: TInfoItem[]): void {
    if (!parties.length) return;
    const { doc, theme } = this;
    const gap = 28;
    const width = (this.width - gap * (parties.length - 1)) / parties.length;
    const lineCount = Math.max(...parties.map((p) => p.lines.length));
    const height = 14 + 30 + 6 + lineCount * 13;
    this.ensureRoom(height);
    parties.forEach((party, i) => {
      const x = this.left + i * (width + gap);
      let y = this.y;
      doc.font(FONT_BOLD).fontSize(7).fillColor(theme.muted);
      doc.text(pdfText(party.label.toUpperCase()), x, y, {
        width,
        characterSpacing: 0.6,
        lineBreak: false,
        ellipsis: true,
        height: 10,
      });
      y += 14 + 30;
      doc
        .moveTo(x, y)
        .lineTo(x + width, y)
        .lineWidth(0.75)
        .strokeColor(theme.ink)
        .stroke();
      y += 6;
      for (const line of party.lines) {
        doc.font(FONT).fontSize(9).fillColor(theme.ink);
        doc.text(pdfText(line), x, y, { width, lineBreak: false, ellipsis: true, height: 12 });
        y += 13;
      }
    });
    this.y += height;
  }

  /** Headers, footers and page numbers on every page, then the finished file. */
  async finish(): Promise<Uint8Array> {
    const { doc } = this;
    const range = doc.bufferedPageRange();
    for (let i = 0; i < range.count; i += 1) {
      doc.switchToPage(range.start + i);
      if (i > 0) this.drawRunningHeader();
      this.drawFooter(i + 1, range.count);
    }
    const ended = new Promise<void>((resolve, reject) => {
      doc.on('end', resolve);
      doc.on('error', reject);
    });
    doc.end();
    await ended;
    return new Uint8Array(Buffer.concat(this.chunks));
  }

  // -------------------------------------------------------------------------------------------

  private drawBand(): void {
    const { doc, theme, options } = this;
    const top = 34;
    const titleWidth = this.width * 0.72;
    doc.font(FONT_BOLD).fontSize(24);
    const title = pdfText(options.title);
    const titleHeight = doc.heightOfString(title, { width: titleWidth, lineGap: 1 });
    const subtitle = options.subtitle ? pdfText(options.subtitle) : '';
    const height = top + 15 + titleHeight + (subtitle ? 19 : 0) + 26;
    doc.rect(0, 0, PAGE_WIDTH, height).fill(theme.brand);
    doc.rect(0, height, PAGE_WIDTH, 4).fill(theme.accent);

    let y = top;
    doc.font(FONT_BOLD).fontSize(9).fillColor(theme.onBrandMuted);
    doc.text(pdfText(options.organization.toUpperCase()), this.left, y, {
      width: titleWidth,
      characterSpacing: 1.2,
      lineBreak: false,
      ellipsis: true,
      height: 12,
    });
    y += 15;
    doc.font(FONT_BOLD).fontSize(24).fillColor(theme.onBrand);
    doc.text(title, this.left, y, { width: titleWidth, lineGap: 1 });
    y += titleHeight;
    if (subtitle) {
      doc.font(FONT).fontSize(11).fillColor(theme.onBrandMuted);
      doc.text(subtitle, this.left, y + 5, { width: titleWidth, lineBreak: false });
    }

    const rightX = this.left + titleWidth;
    const rightWidth = this.width - titleWidth;
    doc.font(FONT_BOLD).fontSize(9).fillColor(theme.onBrand);
    doc.text(pdfText(options.kind.toUpperCase()), rightX, top, {
      width: rightWidth,
      align: 'right',
      characterSpacing: 1.2,
      lineBreak: false,
    });
    doc.font(FONT).fontSize(8.5).fillColor(theme.onBrandMuted);
    doc.text(this.generated, rightX, top + 14, { width: rightWidth, align: 'right', lineBreak: false });
    this.y = height + 4 + 22;
  }

  private drawRunningHeader(): void {
    const { doc, theme, options } = this;
    doc.rect(0, 0, PAGE_WIDTH, 6).fill(theme.brand);
    doc.font(FONT_BOLD).fontSize(8.5).fillColor(theme.brand);
    const left = pdfText(`${options.organization} · ${options.title}`);
    doc.text(left, this.left, 26, { width: this.width * 0.75, lineBreak: false, ellipsis: true, height: 12 });
    doc.font(FONT_BOLD).fontSize(7.5).fillColor(theme.muted);
    doc.text(pdfText(options.kind.toUpperCase()), this.left, 27, {
      width: this.width,
      align: 'right',
      characterSpacing: 1,
      lineBreak: false,
    });
    doc
      .moveTo(this.left, 44)
      .lineTo(this.left + this.width, 44)
      .lineWidth(0.5)
      .strokeColor(theme.rule)
      .stroke();
  }

  private drawFooter(page: number, pages: number): void {
    const { doc, theme, options } = this;
    doc
      .moveTo(this.left, FOOTER_RULE_Y)
      .lineTo(this.left + this.width, FOOTER_RULE_Y)
      .lineWidth(0.5)
      .strokeColor(theme.rule)
      .stroke();
    const y = FOOTER_RULE_Y + 10;
    const third = this.width / 3;
    doc.font(FONT).fontSize(7.5).fillColor(theme.muted);
    doc.text(pdfText(options.organization), this.left, y, {
      width: third + 40,
      lineBreak: false,
      ellipsis: true,
      height: 10,
    });
    doc.text(`Generated ${this.generated}`, this.left + third, y, { width: third, align: 'center', lineBreak: false });
    doc.font(FONT_BOLD).fillColor(theme.ink);
    doc.text(`Page ${page} of ${pages}`, this.left + 2 * third, y, { width: third, align: 'right', lineBreak: false });
  }

  private columnWidths(columns: TColumn[]): number[] {
    const total = columns.reduce((sum, c) => sum + c.weight, 0);
    return columns.map((c) => (c.weight / total) * this.width);
  }

  private headerHeight(columns: TColumn[], widths: number[]): number {
    this.doc.font(FONT_BOLD).fontSize(HEADER_SIZE);
    const tallest = Math.max(
      ...columns.map((c, i) =>
        this.doc.heightOfString(c.header.toUpperCase(), {
          width: (widths[i] ?? 0) - 2 * CELL_PAD_X,
          characterSpacing: 0.5,
        }),
      ),
    );
    return tallest + 2 * 7;
  }

  private drawHeaderRow(columns: TColumn[], widths: number[], height: number): void {
    const { doc, theme } = this;
    doc.rect(this.left, this.y, this.width, height).fill(theme.brand);
    let x = this.left;
    columns.forEach((column, i) => {
      const width = widths[i] ?? 0;
      doc.font(FONT_BOLD).fontSize(HEADER_SIZE).fillColor(theme.onBrand);
      doc.text(pdfText(column.header.toUpperCase()), x + CELL_PAD_X, this.y + 7, {
        width: width - 2 * CELL_PAD_X,
        align: column.align ?? 'left',
        characterSpacing: 0.5,
      });
      x += width;
    });
    this.y += height;
  }

  private cellHeights(cell: TCell, width: number): { text: number; sub: number } {
    const { doc } = this;
    const inner = width - 2 * CELL_PAD_X;
    doc.font(cell.bold ? FONT_BOLD : FONT).fontSize(BODY_SIZE);
    const text = doc.heightOfString(pdfText(cell.text) || ' ', { width: inner });
    if (!cell.sub) return { text, sub: 0 };
    doc.font(FONT).fontSize(SUB_SIZE);
    return { text, sub: SUB_GAP + doc.heightOfString(pdfText(cell.sub), { width: inner, lineGap: 1 }) };
  }

  private rowHeight(row: TCellInput[], widths: number[]): number {
    let tallest = 0;
    row.forEach((input, i) => {
      const { text, sub } = this.cellHeights(toCell(input), widths[i] ?? 0);
      tallest = Math.max(tallest, text + sub);
    });
    return tallest + 2 * CELL_PAD_Y;
  }

  private drawRow(columns: TColumn[], widths: number[], row: TCellInput[], height: number, index: number): void {
    const { doc, theme } = this;
    if (index % 2 === 1) doc.rect(this.left, this.y, this.width, height).fill(theme.zebra);
    let x = this.left;
    const bottom = this.y + height - CELL_PAD_Y;
    row.forEach((input, i) => {
      const cell = toCell(input);
      const width = widths[i] ?? 0;
      const align = columns[i]?.align ?? 'left';
      const inner = width - 2 * CELL_PAD_X;
      const top = this.y + CELL_PAD_Y;
      const heights = this.cellHeights(cell, width);
      doc
        .font(cell.bold ? FONT_BOLD : FONT)
        .fontSize(BODY_SIZE)
        .fillColor(cell.color ?? theme.ink);
      doc.text(pdfText(cell.text), x + CELL_PAD_X, top, {
        width: inner,
        align,
        height: Math.max(1, bottom - top),
        ellipsis: true,
      });
      if (cell.sub) {
        const subTop = top + heights.text + SUB_GAP;
        if (bottom - subTop > 4) {
          doc.font(FONT).fontSize(SUB_SIZE).fillColor(theme.muted);
          doc.text(pdfText(cell.sub), x + CELL_PAD_X, subTop, {
            width: inner,
            align,
            lineGap: 1,
            height: bottom - subTop,
            ellipsis: true,
          });
        }
      }
      x += width;
    });
    this.y += height;
    doc
      .moveTo(this.left, this.y)
      .lineTo(this.left + this.width, this.y)
      .lineWidth(0.5)
      .strokeColor(theme.rule)
      .stroke();
  }
}

function toCell(input: TCellInput): TCell {
  return typeof input === 'string' ? { text: input } : input;
}
