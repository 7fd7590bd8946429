/**
 * The small part of Markdown the editors use (headings, paragraphs, lists, tables, quotes, bold,
 * italics, code and links), parsed into a tree that React renders as elements. No HTML from the
 * content ever reaches the page as markup: tags in the text show as text, and links keep only safe
 * addresses (http, https, mailto, tel and paths on this site).
 */

export type Inline =
  | { type: 'text'; text: string }
  | { type: 'strong' | 'em'; children: Inline[] }
  | { type: 'code'; text: string }
  | { type: 'link'; href: string; children: Inline[] };

export type Block =
  | { type: 'heading'; level: 2 | 3 | 4; children: Inline[] }
  | { type: 'paragraph'; children: Inline[] }
  | { type: 'list'; ordered: boolean; items: Inline[][] }
  | { type: 'quote'; children: Inline[] }
  | { type: 'table'; header: Inline[][]; rows: Inline[][][] };

/** The address when it is safe to link to; null otherwise (javascript:, data:, protocol-relative ...). */
export function safeHref(raw: string): string | null {
  const href = raw.trim();
  if (/^\/(?!\/)/.test(href) || href.startsWith('#')) return href;
  if (/^(https?:\/\/|mailto:|tel:)/i.test(href) && !/[\s<>"]/.test(href)) return href;
  return null;
}

const inlinePattern = /(\*\*|__)(.+?)\1|(\*|_)(?!\s)(.+?)(?<!\s)\3(?![\p{L}\d])|`([^`]+)`|\[([^\]]+)\]\(([^)\s]+)\)/gu;

export function parseInline(text: string): Inline[] {
  const nodes: Inline[] = [];
  let last = 0;
  const push = (value: string) => {
    if (!value) return;
    const previous = nodes.at(-1);
    if (previous?.type === 'text') previous.text += value;
    else nodes.push({ type: 'text', text: value });
  };
  for (const match of text.matchAll(inlinePattern)) {
    push(text.slice(last, match.index));
    last = match.index + match[0].length;
    const [, , strong, , em, code, label, href] = match;
    if (strong !== undefined) nodes.push({ type: 'strong', children: parseInline(strong) });
    else if (em !== undefined) nodes.push({ type: 'em', children: parseInline(em) });
    else if (code !== undefined) nodes.push({ type: 'code', text: code });
    else {
      const safe = safeHref(href);
      // An unsafe address is dropped; its label stays as text.
      if (safe) nodes.push({ type: 'link', href: safe, children: parseInline(label) });
      else nodes.push(...parseInline(label));
    }
  }
  push(text.slice(last));
  return nodes;
}

const listItem = /^\s*([-*+]|\d+[.)])\s+(.*)$/;
const tableRow = /^\s*\|(.*)\|\s*$/;
const tableRule = /^\s*\|?\s*:?-{3,}:?\s*(\|\s*:?-{3,}:?\s*)*\|?\s*$/;

function cells(line: string): Inline[][] {
  return line
    .trim()
    .replace(/^\||\|$/g, '')
    .split('|')
    .map((cell) => parseInline(cell.trim()));
}

export function parseMarkdown(source: string): Block[] {
  const lines = source.replace(/\r\n?/g, '\n').split('\n');
  const blocks: Block[] = [];
  let i = 0;
  while (i < lines.length) {
    const line = lines[i];
    if (!line.trim()) {
      i++;
      continue;
    }
    const heading = line.match(/^(#{1,4})\s+(.*?)\s*#*\s*$/);
    if (heading) {
      // The page title is the only h1; a '#' in the content becomes a section heading.
      const level = Math.min(4, Math.max(2, heading[1].length)) as 2 | 3 | 4;
      blocks.push({ type: 'heading', level, children: parseInline(heading[2]) });
      i++;
      continue;
    }
    if (tableRow.test(line) && i + 1 < lines.length && tableRule.test(lines[i + 1])) {
      const header = cells(line);
      const rows: Inline[][][] = [];
      i += 2;
      while (i < lines.length && tableRow.test(lines[i])) rows.push(cells(lines[i++]));
      blocks.push({ type: 'table', header, rows });
      continue;
    }
    const item = line.match(listItem);
    if (item) {
      const ordered = /\d/.test(item[1]);
      const items: Inline[][] = [];
      while (i < lines.length) {
        const next = lines[i].match(listItem);
        if (next && /\d/.test(next[1]) === ordered) {
          items.push(parseInline(next[2]));
          i++;
        } else if (lines[i].trim() && /^\s{2,}\S/.test(lines[i]) && items.length) {
          // A wrapped line of the item above.
          const previous = items.pop()!;
          items.push([...previous, { type: 'text', text: ' ' }, ...parseInline(lines[i].trim())]);
          i++;
        } else break;
      }
      blocks.push({ type: 'list', ordered, items });
      continue;
    }
    if (line.startsWith('>')) {
      const quoted: string[] = [];
      while (i < lines.length && lines[i].startsWith('>')) quoted.push(lines[i++].replace(/^>\s?/, ''));
      blocks.push({ type: 'quote', children: parseInline(quoted.join(' ')) });
      continue;
    }
    const paragraph: string[] = [];
    while (
      i < lines.length &&
      lines[i].trim() &&
      !/^#{1,4}\s/.test(lines[i]) &&
      !listItem.test(lines[i]) &&
      !lines[i].startsWith('>') &&
      !(tableRow.test(lines[i]) && i + 1 < lines.length && tableRule.test(lines[i + 1]))
    ) {
      paragraph.push(lines[i++].trim());
    }
    blocks.push({ type: 'paragraph', children: parseInline(paragraph.join(' ')) });
  }
  return blocks;
}

/** The plain text of inline nodes (for headings used as questions, and for search snippets). */
export function inlineText(nodes: Inline[]): string {
  return nodes.map((node) => (node.type === 'text' || node.type === 'code' ? node.text : inlineText(node.children))).join('');
}

export interface FaqItem {
  question: string;
  answer: Block[];
}

/**
 * Questions and answers when the content is written as FAQs: every section heading ends with a
 * question mark and has an answer under it. Otherwise null, and the content shows as an article.
 */
export function faqItems(blocks: Block[]): { intro: Block[]; items: FaqItem[] } | null {
  const first = blocks.findIndex((block) => block.type === 'heading');
  if (first < 0) return null;
  const items: FaqItem[] = [];
  for (const block of blocks.slice(first)) {
    if (block.type === 'heading') {
      const question = inlineText(block.children).trim();
      if (!question.endsWith('?')) return null;
      items.push({ question, answer: [] });
    } else {
      items.at(-1)!.answer.push(block);
    }
  }
  if (items.length < 2 || items.some((item) => item.answer.length === 0)) return null;
  return { intro: blocks.slice(0, first), items };
}
