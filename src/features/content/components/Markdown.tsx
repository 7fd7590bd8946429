import { Accordion } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import { Fragment, useMemo, type ReactNode } from 'react';
import { faqItems, parseMarkdown, type Block, type Inline } from '../markdown.ts';
import classes from './Markdown.module.css';

function InlineNodes({ nodes }: { nodes: Inline[] }) {
  return nodes.map((node, index) => {
    switch (node.type) {
      case 'text':
        return <Fragment key={index}>{node.text}</Fragment>;
      case 'strong':
        return (
          <strong key={index}>
            <InlineNodes nodes={node.children} />
          </strong>
        );
      case 'em':
        return (
          <em key={index}>
            <InlineNodes nodes={node.children} />
          </em>
        );
      case 'code':
        return <code key={index}>{node.text}</code>;
      case 'link':
        return node.href.startsWith('/') ? (
          <Link key={index} to={node.href}>
            <InlineNodes nodes={node.children} />
          </Link>
        ) : (
          <a key={index} href={node.href} {...(/^https?:/.test(node.href) ? { target: '_blank', rel: 'noopener noreferrer' } : {})}>
            <InlineNodes nodes={node.children} />
          </a>
        );
    }
  });
}

function BlockNode({ block }: { block: Block }): ReactNode {
  switch (block.type) {
    case 'heading': {
      const Heading = `h${block.level}` as const;
      return (
        <Heading>
          <InlineNodes nodes={block.children} />
        </Heading>
      );
    }
    case 'paragraph':
      return (
        <p>
          <InlineNodes nodes={block.children} />
        </p>
      );
    case 'quote':
      return (
        <blockquote>
          <InlineNodes nodes={block.children} />
        </blockquote>
      );
    case 'list': {
      const List = block.ordered ? 'ol' : 'ul';
      return (
        <List>
          {block.items.map((item, index) => (
            <li key={index}>
              <InlineNodes nodes={item} />
            </li>
          ))}
        </List>
      );
    }
    case 'table':
      return (
        // A plain table in a scrolling box rather than Mantine's Table, whose module brings its
        // ScrollArea (and floating-ui with it), 20 KB gzip, to every page with editorial text.
        // The box takes the keyboard, so a table wider than a phone scrolls without a mouse too.
        <div className={classes.tableScroll} role="region" aria-label="Table" tabIndex={0}>
          <table className={classes.table}>
            <thead>
              <tr>
                {block.header.map((cell, index) => (
                  <th key={index}>
                    <InlineNodes nodes={cell} />
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {block.rows.map((row, rowIndex) => (
                <tr key={rowIndex}>
                  {row.map((cell, index) => (
                    <td key={index}>
                      <InlineNodes nodes={cell} />
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      );
  }
}

function Blocks({ blocks }: { blocks: Block[] }) {
  return blocks.map((block, index) => <BlockNode key={index} block={block} />);
}

/** Editorial Markdown as page elements, in the site's reading style. */
export function Markdown({ source }: { source: string }) {
  const blocks = useMemo(() => parseMarkdown(source), [source]);
  return (
    <div className={classes.prose}>
      <Blocks blocks={blocks} />
    </div>
  );
}

/** Content written as questions and answers becomes an accordion; anything else reads as an article. */
export function MarkdownOrFaq({ source }: { source: string }) {
  const blocks = useMemo(() => parseMarkdown(source), [source]);
  const faq = useMemo(() => faqItems(blocks), [blocks]);
  if (!faq) {
    return (
      <div className={classes.prose}>
        <Blocks blocks={blocks} />
      </div>
    );
  }
  return (
    <div className={classes.prose}>
      <Blocks blocks={faq.intro} />
      <Accordion order={2} variant="separated" radius="lg" chevronPosition="right" classNames={{ root: classes.faq, control: classes.question }} data-testid="faq">
        {faq.items.map((item, index) => (
          <Accordion.Item key={index} value={String(index)}>
            <Accordion.Control>{item.question}</Accordion.Control>
            <Accordion.Panel>
              <Blocks blocks={item.answer} />
            </Accordion.Panel>
          </Accordion.Item>
        ))}
      </Accordion>
    </div>
  );
}
