// The Markdown a note may use, read into a small tree that React renders as elements (never as HTML):
// **bold** (or __bold__), *italics* (or _italics_), "- " or "* " bulleted and "1. " numbered lists, and links,
// [text](address) or a bare http(s) address, to http, https or mailto only. Anything else, HTML included,
// stays the text it was typed as.

export type Inline =
  | { type: 'text'; text: string }
  | { type: 'strong'; children: Inline[] }
  | { type: 'em'; children: Inline[] }
  | { type: 'link'; href: string; children: Inline[] };

export type Block =
  /** Lines typed one under the other stay on their own lines. */
  | { type: 'paragraph'; lines: Inline[][] }
  | { type: 'list'; ordered: false; items: Inline[][] }
  | { type: 'list'; ordered: true; start: number; items: Inline[][] };

const SAFE_PROTOCOLS = new Set(['http:', 'https:', 'mailto:']);

/** The address when it is one a note may link to (http, https, mailto), else null. */
export function safeHref(address: string): string | null {
  try {
    const url = new URL(address);
    return SAFE_PROTOCOLS.has(url.protocol) ? url.href : null;
  } catch {
    return null;
  }
}

const LINK = /^\[([^\]\n]+)\]\(([^)\s]+)\)/;
// A bare address ends before the punctuation that usually follows it in a sentence.
const BARE_URL = /^https?:\/\/[^\s<>()[\]]*[^\s<>()[\].,;:!?'"]/;
const ESCAPABLE = /[\\*_[\]()#+\-.!`]/;
const WORD = /[\p{L}\p{N}]/u;

/** The end of the run closed by `marker` after `from`: the closing marker's index, or -1. */
function closing(text: string, marker: string, from: number): number {
  for (let i = from; i < text.length; i++) {
    if (text[i] === '\\') {
      i++;
      continue;
    }
    if (!text.startsWith(marker, i)) continue;
    // A single marker is not the first of a double one (`*a **b** c*` closes at the last `*`).
    if (marker.length === 1 && text[i + 1] === marker) {
      const end = closing(text, marker + marker, i + 2);
      if (end === -1) continue;
      i = end + 1;
      continue;
    }
    if (i === from || /\s/.test(text[i - 1]!)) continue;
    // `_` closes only at a word's end (snake_case stays as it is).
    if (marker[0] === '_' && WORD.test(text[i + marker.length] ?? '')) continue;
    return i;
  }
  return -1;
}

/** One line's inline marks. */
export function parseInline(text: string, inLink = false): Inline[] {
  const out: Inline[] = [];
  let plain = '';
  const flush = () => {
    if (plain) out.push({ type: 'text', text: plain });
    plain = '';
  };
  let i = 0;
  while (i < text.length) {
    const char = text[i]!;
    const rest = text.slice(i);
    if (char === '\\' && ESCAPABLE.test(text[i + 1] ?? '')) {
      plain += text[i + 1];
      i += 2;
      continue;
    }
    if (!inLink && char === '[') {
      const link = LINK.exec(rest);
      const href = link && safeHref(link[2]!);
      if (link && href) {
        flush();
        out.push({ type: 'link', href, children: parseInline(link[1]!, true) });
        i += link[0].length;
        continue;
      }
    }
    if (!inLink && (char === 'h' || char === 'H') && !WORD.test(text[i - 1] ?? '')) {
      const bare = BARE_URL.exec(rest);
      const href = bare && safeHref(bare[0]);
      if (bare && href) {
        flush();
        out.push({ type: 'link', href, children: [{ type: 'text', text: bare[0] }] });
        i += bare[0].length;
        continue;
      }
    }
    if (char === '*' || char === '_') {
      const double = text[i + 1] === char;
      const marker = double ? char + char : char;
      const start = i + marker.length;
      const opens =
        start < text.length &&
        !/\s/.test(text[start]!) &&
        // `_` opens only at a word's start.
        (char === '*' || !WORD.test(text[i - 1] ?? ''));
      const end = opens ? closing(text, marker, start) : -1;
      if (end !== -1) {
        flush();
        out.push({ type: double ? 'strong' : 'em', children: parseInline(text.slice(start, end), inLink) });
        i = end + marker.length;
        continue;
      }
      // An unmatched double marker is two characters of text, not a single marker and a letter.
      plain += marker;
      i += marker.length;
      continue;
    }
    plain += char;
    i++;
  }
  flush();
  return out;
}

const BULLET = /^\s{0,3}[-*+]\s+(.*)$/;
const NUMBERED = /^\s{0,3}(\d{1,9})[.)]\s+(.*)$/;

/** A note's text as blocks: paragraphs (blank lines between them) and lists. */
export function parseNote(text: string): Block[] {
  const blocks: Block[] = [];
  const lines = text.replace(/\r\n?/g, '\n').split('\n');
  let paragraph: Inline[][] | null = null;
  let list: Extract<Block, { type: 'list' }> | null = null;
  const end = () => {
    if (paragraph) blocks.push({ type: 'paragraph', lines: paragraph });
    if (list) blocks.push(list);
    paragraph = null;
    list = null;
  };
  for (const line of lines) {
    const bullet = BULLET.exec(line);
    const numbered = bullet ? null : NUMBERED.exec(line);
    if (bullet || numbered) {
      const ordered = numbered !== null;
      const content = bullet ? bullet[1]! : numbered![2]!;
      if (!list || list.ordered !== ordered) {
        end();
        list = ordered
          ? { type: 'list', ordered: true, start: Number(numbered![1]), items: [] }
          : { type: 'list', ordered: false, items: [] };
      }
      list.items.push(parseInline(content));
    } else if (line.trim() === '') {
      end();
    } else {
      if (list) end();
      paragraph ??= [];
      paragraph.push(parseInline(line));
    }
  }
  end();
  return blocks;
}
