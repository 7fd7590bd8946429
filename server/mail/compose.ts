import { signOff, type Company } from './company.ts';

/** The parts an email is made of; each is written once and rendered as plain text and as HTML. */
export type Block =
  | { type: 'paragraph'; text: string }
  | { type: 'heading'; text: string }
  /** Label and value pairs: a booking summary, bank details, a receipt. */
  | { type: 'rows'; rows: [label: string, value: string][] }
  | { type: 'list'; items: string[] }
  /** A link shown as a button in HTML and as "label: url" in text. */
  | { type: 'link'; label: string; url: string };

export interface ComposedEmail {
  subject: string;
  text: string;
  html: string;
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
}

function textOf(block: Block): string {
  switch (block.type) {
    case 'paragraph':
      return block.text;
    case 'heading':
      return block.text.toUpperCase();
    case 'rows': {
      return block.rows.map(([label, value]) => `${label}: ${value}`).join('\n');
    }
    case 'list':
      return block.items.map((item) => `- ${item}`).join('\n');
    case 'link':
      return `${block.label}: ${block.url}`;
  }
}

function htmlOf(block: Block, company: Company): string {
  switch (block.type) {
    case 'paragraph':
      return `<p>${escapeHtml(block.text)}</p>`;
    case 'heading':
      return `<h2 style="font-size:17px;margin:24px 0 8px">${escapeHtml(block.text)}</h2>`;
    case 'rows':
      return `<table style="border-collapse:collapse">${block.rows
        .map(([label, value]) => `<tr><td style="padding:2px 16px 2px 0;color:#555;vertical-align:top">${escapeHtml(label)}</td><td style="padding:2px 0">${escapeHtml(value)}</td></tr>`)
        .join('')}</table>`;
    case 'list':
      return `<ul>${block.items.map((item) => `<li>${escapeHtml(item)}</li>`).join('')}</ul>`;
    case 'link':
      return `<p><a href="${escapeHtml(block.url)}" style="display:inline-block;padding:10px 18px;background:${escapeHtml(company.primaryColor)};color:#fff;text-decoration:none;border-radius:6px">${escapeHtml(block.label)}</a></p>`;
  }
}

/** An email in the company's name: the blocks, then its signature, as plain text and simple HTML. */
export function composeEmail(company: Company, subject: string, blocks: Block[]): ComposedEmail {
  const signature = signOff(company);
  const text = [...blocks.map(textOf), signature].join('\n\n') + '\n';
  const html = `<!doctype html><html><body style="font-family:sans-serif;color:#222831;max-width:600px;line-height:1.5">
${blocks.map((block) => htmlOf(block, company)).join('\n')}
<p style="margin-top:24px">${signature.split('\n').map(escapeHtml).join('<br>')}</p>
</body></html>`;
  return { subject, text, html };
}
