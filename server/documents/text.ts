import type { PDFFont } from 'pdf-lib';

/**
 * The standard PDF fonts (Helvetica) encode only WinAnsi, about Latin-1; drawing 'Łukasz' or
 * 'Nguyễn' with them throws. Names are printed as close as the font can: a letter it lacks becomes
 * its base letter (ễ → e, ő → o) or a near spelling (Ł → L), and anything else a '?', never an error.
 */
const nearSpellings: Record<string, string> = {
  Ł: 'L', ł: 'l', Đ: 'D', đ: 'd', Ħ: 'H', ħ: 'h', ı: 'i', Ŀ: 'L', ŀ: 'l', Ŧ: 'T', ŧ: 't',
  '‐': '-', '‑': '-', '−': '-', '′': "'", '″': '"', '\u202f': ' ', '\u2009': ' ',
};

const characterSets = new WeakMap<PDFFont, Set<number>>();

function characterSet(font: PDFFont): Set<number> {
  let set = characterSets.get(font);
  if (!set) {
    set = new Set(font.getCharacterSet());
    characterSets.set(font, set);
  }
  return set;
}

export function printable(font: PDFFont, text: string): string {
  const encodable = characterSet(font);
  const fits = (value: string) => [...value].every((char) => encodable.has(char.codePointAt(0)!));
  let out = '';
  for (const char of text.replace(/[\r\n\t]+/g, ' ')) {
    if (fits(char)) out += char;
    else if (nearSpellings[char] && fits(nearSpellings[char])) out += nearSpellings[char];
    else {
      const base = char.normalize('NFKD').replace(/\p{M}+/gu, '');
      out += base && fits(base) ? base : '?';
    }
  }
  return out;
}
