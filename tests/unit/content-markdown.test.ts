import { describe, expect, test } from 'vitest';
import { relatedPosts, type RelatedCandidate } from '../../src/features/blog/model.ts';
import { checkEnquiry, planningEnquirySchema } from '../../shared/enquiry.ts';
import { faqItems, parseInline, parseMarkdown, safeHref } from '../../src/features/content/markdown.ts';
import { matchWords } from '../../src/features/search/model.ts';

describe('markdown', () => {
  test('headings, paragraphs, lists, tables and emphasis become a tree', () => {
    const blocks = parseMarkdown(
      '# Title\n\nA **bold** and *soft* line\nwrapped.\n\n- one\n- two `code`\n\n1. first\n2. second\n\n| Days | Charge |\n|---|---|\n| 60 | 50% |\n\n> Quote',
    );
    expect(blocks).toEqual([
      { type: 'heading', level: 2, children: [{ type: 'text', text: 'Title' }] },
      {
        type: 'paragraph',
        children: [
          { type: 'text', text: 'A ' },
          { type: 'strong', children: [{ type: 'text', text: 'bold' }] },
          { type: 'text', text: ' and ' },
          { type: 'em', children: [{ type: 'text', text: 'soft' }] },
          { type: 'text', text: ' line wrapped.' },
        ],
      },
      { type: 'list', ordered: false, items: [[{ type: 'text', text: 'one' }], [{ type: 'text', text: 'two ' }, { type: 'code', text: 'code' }]] },
      { type: 'list', ordered: true, items: [[{ type: 'text', text: 'first' }], [{ type: 'text', text: 'second' }]] },
      {
        type: 'table',
        header: [[{ type: 'text', text: 'Days' }], [{ type: 'text', text: 'Charge' }]],
        rows: [[[{ type: 'text', text: '60' }], [{ type: 'text', text: '50%' }]]],
      },
      { type: 'quote', children: [{ type: 'text', text: 'Quote' }] },
    ]);
  });

  test('HTML stays text and only safe links are kept', () => {
    expect(parseInline('<img src=x onerror=alert(1)>')).toEqual([{ type: 'text', text: '<img src=x onerror=alert(1)>' }]);
    expect(parseInline('[click](javascript:steal)')).toEqual([{ type: 'text', text: 'click' }]);
    expect(parseInline('[tours](/tours) and [mail](mailto:hello@example.com)')).toEqual([
      { type: 'link', href: '/tours', children: [{ type: 'text', text: 'tours' }] },
      { type: 'text', text: ' and ' },
      { type: 'link', href: 'mailto:hello@example.com', children: [{ type: 'text', text: 'mail' }] },
    ]);
    expect(safeHref('//evil.example')).toBeNull();
    expect(safeHref('data:text/html,x')).toBeNull();
    expect(safeHref('https://kilelesafaris.co.tz')).toBe('https://kilelesafaris.co.tz');
  });

  test('content written as questions becomes FAQ items; other content does not', () => {
    const faq = faqItems(parseMarkdown('Intro.\n\n## Do I need a visa?\n\nYes.\n\n## Is it safe?\n\nVery.'));
    expect(faq?.intro).toHaveLength(1);
    expect(faq?.items.map((item) => item.question)).toEqual(['Do I need a visa?', 'Is it safe?']);
    expect(faqItems(parseMarkdown('## What we collect\n\nData.\n\n## Why?\n\nTo plan.'))).toBeNull();
  });
});

describe('related posts', () => {
  const post = (id: string, category: string, tags: string[], published_at: string): RelatedCandidate => ({
    id,
    slug: id,
    title: id,
    excerpt: null,
    cover_image_url: null,
    author_name: null,
    published_at,
    reading_minutes: 3,
    category: { name: category, slug: category },
    tags: tags.map((slug) => ({ slug })),
  });

  test('same category and shared tags first, newest among equals, never the post itself', () => {
    const current = { id: 'a', category: { name: 'wildlife', slug: 'wildlife' }, tags: [{ name: 'S', slug: 'serengeti' }] };
    const candidates = [
      post('a', 'wildlife', ['serengeti'], '2026-01-05'),
      post('old-other', 'culture', [], '2026-01-01'),
      post('new-other', 'culture', [], '2026-03-01'),
      post('tagged', 'culture', ['serengeti'], '2026-01-02'),
      post('same-category', 'wildlife', [], '2026-01-03'),
    ];
    expect(relatedPosts(current, candidates, 3).map((candidate) => candidate.id)).toEqual(['same-category', 'tagged', 'new-other']);
  });
});

describe('trip request checks', () => {
  test('the When step gets its message even before a budget is chosen', () => {
    const checked = checkEnquiry(planningEnquirySchema, {
      kind: 'start_planning',
      name: 'Lena',
      email: 'lena@example.com',
      preferredContact: 'email',
      trip: { destinations: ['serengeti'], timing: 'month', adults: 2, children: 0, budget: '', interests: [] },
    });
    expect(checked.ok).toBe(false);
    expect(!checked.ok && checked.errors).toEqual({ 'trip.month': 'Choose a month', 'trip.budget': 'Choose a budget per person' });
  });
});

describe('search words', () => {
  test('letters and digits, three or more, common words left out', () => {
    expect(matchWords('Serengeti  safari tours, the "Crater"!')).toEqual(['serengeti', 'safari', 'crater']);
    expect(matchWords('a b')).toEqual([]);
  });
});
