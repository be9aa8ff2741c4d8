// Ordering from the pantry: look at what it stocks (list_pantry), match the item, then
// place_order with the inputs its schema asks for. An order spends money, so it is only placed
// for an item the pantry was seen to stock; "a dozen eggs" is one box of 12, not 12 boxes. A
// denied order is reported as not placed. Host side.

import type { ToolSpec } from '@kitchen/host';
import type { Conversation } from '../conversation.js';
import { answer, callTools, type Decision } from '../decision.js';
import type { TaskIntent } from '../reading/task-intent.js';
import { findTool, inputProperties, isToolNamed, requiredInputs } from './tool-names.js';
import { errorSummary, parseJsonResult, summariseResult } from './tool-results.js';

type OrderIntent = Extract<TaskIntent, { kind: 'order' }>;

interface PantryItem {
  id: unknown;
  name: string;
}

export function planOrder(conversation: Conversation, intent: OrderIntent, reportNow: boolean): Decision | undefined {
  const orderTool = findTool(conversation.tools, 'place_order');
  const listTool = findTool(conversation.tools, 'list_pantry');
  const ordered = conversation.exchanges.find((exchange) => isToolNamed(exchange.call.name, 'place_order'));
  const listed = conversation.exchanges.find((exchange) => isToolNamed(exchange.call.name, 'list_pantry'));
  const wanted = `${intent.quantity} ${intent.unit !== undefined ? `${intent.unit} of ` : ''}${intent.item}`;
  const items =
    listed?.result !== undefined && listed.result.is_error !== true ? pantryItems(listed.result.content) : [];
  const match = bestMatch(items, intent.item);
  if (ordered !== undefined) {
    const result = ordered.result;
    const packs = match === undefined ? '' : packsFor(intent, match).note;
    if (result === undefined || result.is_error === true) {
      return answer(
        `The order for ${wanted}${packs} was NOT placed: ${result === undefined ? 'no result came back' : errorSummary(result.content)}.`,
      );
    }
    return answer(`Placed the order for ${wanted}${packs}. The pantry answered: ${summariseResult(result.content)}`);
  }
  if (reportNow) return answer(`I did not get to place the order for ${wanted} before I ran out of room.`);
  if (orderTool === undefined) return undefined;
  if (listed === undefined) {
    if (listTool === undefined)
      return answer(
        `I did not order ${wanted}: an order spends money, and with no list_pantry tool I cannot first see what the pantry stocks.`,
      );
    return callTools('First I look at what the pantry stocks.', [{ tool: listTool.name, input: {} }]);
  }
  if (items.length === 0)
    return answer(`I did not order ${wanted}: I could not read what the pantry stocks, and an order spends money.`);
  if (match === undefined) {
    return answer(
      `The pantry has no ${intent.item}, so I did not order anything. It stocks: ${items.map((item) => item.name).join(', ')}.`,
    );
  }
  const packs = packsFor(intent, match);
  const { input, missing } = orderInput(orderTool, { ...intent, quantity: packs.quantity }, match);
  if (missing.length > 0)
    return answer(`To order ${wanted} I need ${missing.join(', ')}, and the task does not say. Nothing was ordered.`);
  return callTools(`Ordering ${wanted}${packs.note}.`, [{ tool: orderTool.name, input }]);
}

/**
 * How many of the pantry's units to order. An item sold in packs ("Eggs, box of 12") asked for
 * by the piece ("a dozen eggs") is ordered in packs, rounded up: 12 eggs are 1 box, 18 are 2.
 */
function packsFor(intent: OrderIntent, item: PantryItem): { quantity: number; note: string } {
  const pack = /\b(box|pack|carton|tray|bag|tin) of (\d+)\b/i.exec(item.name);
  const size = Number(pack?.[2] ?? 1);
  const byThePack = intent.unit !== undefined && /^(?:box|pack|carton|tray|bag|tin)/.test(intent.unit);
  if (pack === null || size <= 1 || byThePack) return { quantity: intent.quantity, note: '' };
  const quantity = Math.ceil(intent.quantity / size);
  const unit = `${pack[1]?.toLowerCase() ?? 'pack'}${quantity === 1 ? '' : pack[1]?.toLowerCase() === 'box' ? 'es' : 's'}`;
  return {
    quantity,
    note: ` (${quantity} ${unit} of ${size}${quantity * size === intent.quantity ? '' : `, ${quantity * size} in all`})`,
  };
}

function orderInput(
  tool: ToolSpec,
  intent: OrderIntent,
  match: PantryItem | undefined,
): { input: Record<string, unknown>; missing: string[] } {
  const input: Record<string, unknown> = {};
  for (const [name, schema] of Object.entries(inputProperties(tool))) {
    const numeric = schema['type'] === 'integer' || schema['type'] === 'number';
    const choices = Array.isArray(schema['enum']) ? schema['enum'].map(String) : undefined;
    if (/quantity|qty|count|amount|units?$|number/i.test(name) && numeric) {
      input[name] = intent.quantity;
    } else if (/item|product|ingredient|sku|name|^id$/i.test(name)) {
      // An enum or an "...id" input wants the pantry's id for the item; otherwise its name will do.
      const wantsId =
        choices !== undefined || /id$/i.test(name) || numeric || /\bid\b/i.test(String(schema['description'] ?? ''));
      const value = wantsId
        ? (match?.id ?? choices?.find((choice) => sameItem(choice, intent.item)))
        : (match?.name ?? intent.item);
      if (value !== undefined && (choices === undefined || choices.includes(String(value)))) input[name] = value;
    } else if (/unit/i.test(name) && intent.unit !== undefined && schema['type'] === 'string') {
      input[name] = intent.unit;
    }
  }
  const missing = requiredInputs(tool).filter((name) => input[name] === undefined);
  return { input, missing };
}

/** Items from a list_pantry result: the first array of objects that have a name. */
function pantryItems(content: string): PantryItem[] {
  const parsed = parseJsonResult(content);
  const candidates = Array.isArray(parsed)
    ? [parsed]
    : typeof parsed === 'object' && parsed !== null
      ? Object.values(parsed)
      : [];
  for (const candidate of candidates) {
    if (!Array.isArray(candidate)) continue;
    const items = candidate.flatMap((entry: unknown): PantryItem[] => {
      if (typeof entry !== 'object' || entry === null) return [];
      const record = entry as Record<string, unknown>;
      const name = [record['name'], record['item'], record['label'], record['title']].find(
        (value) => typeof value === 'string',
      );
      return typeof name === 'string' ? [{ id: record['id'] ?? record['sku'] ?? record['itemId'] ?? name, name }] : [];
    });
    if (items.length > 0) return items;
  }
  return [];
}

function bestMatch(items: PantryItem[], wanted: string): PantryItem | undefined {
  return (
    items.find((item) => sameItem(String(item.id), wanted) || sameItem(item.name, wanted)) ??
    items.find((item) => looselySameItem(`${String(item.id)} ${item.name}`, wanted))
  );
}

/** "flour" is "Flour"; "eggs" is "egg"; "chocolate chips" is "chocolate-chips". */
function sameItem(candidate: string, wanted: string): boolean {
  return normalise(candidate) === normalise(wanted) || normalise(candidate.split(',')[0] ?? '') === normalise(wanted);
}

/** Every word of what was asked for appears in the item's id or name. */
function looselySameItem(candidate: string, wanted: string): boolean {
  const words = new Set(normalise(candidate).split(' '));
  const asked = normalise(wanted)
    .split(' ')
    .filter((word) => word.length > 2);
  return asked.length > 0 && asked.every((word) => words.has(word));
}

function normalise(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim()
    .split(' ')
    .map((word) => word.replace(/([^s])s$/, '$1'))
    .join(' ');
}
