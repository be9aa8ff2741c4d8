// Test helper: a small terminal screen that follows what a program wrote to it — text, line
// breaks, auto-wrap at the width, and the few escape sequences the live board and readline use
// (cursor up/down/column, clear line, clear to the end) — so a test reads what a person would see.
// No scrolling region: the screen keeps every line ever shown, like a scrollback.

import { EventEmitter } from 'node:events';
import { charWidth } from '../src/terminal/display-width.js';

const TOKEN = /\u001b\[([0-?]*)[ -/]*([@-~])|\u001b[^[]|\r|\n|[^\u001b\r\n]/gu;

export class VirtualScreen extends EventEmitter {
  /** Each line as an array of cells. */
  private cells: string[][] = [[]];
  private row = 0;
  private column = 0;
  /** Everything written, escape sequences included. */
  raw = '';
  isTTY = true;

  /** `columns` 0: no auto-wrap (a terminal that does not report its size). */
  constructor(
    public columns: number,
    public rows = 40,
  ) {
    super();
  }

  write(text: string): boolean {
    this.raw += text;
    for (const match of text.matchAll(TOKEN)) {
      const [token, parameters = '', command] = match;
      if (command !== undefined) this.control(command, parameters);
      else if (token === '\r') this.column = 0;
      else if (token === '\n') this.lineFeed();
      else if (!token.startsWith('\u001b')) this.put(token);
    }
    return true;
  }

  /** The lines on screen, trailing spaces trimmed, without the empty line the cursor may wait on. */
  shown(): string[] {
    const lines = this.cells.map((line) => line.join('').trimEnd());
    while (lines.length > 0 && lines.at(-1) === '' && lines.length > this.row) lines.pop();
    if (lines.at(-1) === '' && this.column === 0) lines.pop();
    return lines;
  }

  private control(command: string, parameters: string): void {
    const count = Number(parameters.replace(/^\?/, '') || 1);
    switch (command) {
      case 'A':
        this.row = Math.max(0, this.row - count);
        break;
      case 'B':
        this.row += count;
        this.line();
        break;
      case 'G':
        this.column = count - 1;
        break;
      case 'K':
        if (parameters === '' || parameters === '0') this.line().length = Math.min(this.line().length, this.column);
        else this.cells[this.row] = [];
        break;
      case 'J':
        this.line().length = Math.min(this.line().length, this.column);
        this.cells.length = this.row + 1;
        break;
      default:
        // Colours, cursor visibility and the rest change nothing a test reads.
        break;
    }
  }

  private put(character: string): void {
    const width = charWidth(character);
    if (this.columns > 0 && this.column + width > this.columns) this.lineFeed();
    const line = this.line();
    while (line.length < this.column) line.push(' ');
    line[this.column] = character;
    // A wide character's second cell.
    if (width === 2) line[this.column + 1] = '';
    this.column += width;
  }

  private lineFeed(): void {
    this.row += 1;
    this.column = 0;
    this.line();
  }

  private line(): string[] {
    while (this.cells.length <= this.row) this.cells.push([]);
    return this.cells[this.row] as string[];
  }
}
