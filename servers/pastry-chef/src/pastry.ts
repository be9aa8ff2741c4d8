// The pastry chef's pure domain: a small recipe book, the prompt it sends when it asks the host
// for a model call, how it reads the answer, the filling form and the bake stages. Server side.

export interface Recipe {
  name: string;
  text: string;
}

export const RECIPE_BOOK: readonly Recipe[] = [
  {
    name: 'tarte tatin',
    text: 'Caramelise 150 g sugar with 60 g butter, lay 6 halved apples in the pan, cover with puff pastry, bake 30 min at 190 °C, turn out while hot.',
  },
  {
    name: 'lemon tart',
    text: 'Blind-bake a sweet shortcrust case 15 min at 180 °C; whisk 4 eggs, 150 g sugar, 2 lemons (zest and juice), 125 ml cream; pour in and bake 25 min at 150 °C until just set.',
  },
  {
    name: 'pain au chocolat',
    text: 'Laminate 500 g yeasted dough with 250 g butter in three single folds, cut rectangles, roll each round two chocolate batons, proof 2 h, egg-wash, bake 15 min at 200 °C.',
  },
];

/** A recipe from the book by name (any case), or the given text treated as a recipe of its own. */
export function resolveRecipe(recipe: string): Recipe {
  const wanted = recipe.trim().toLowerCase();
  const known = RECIPE_BOOK.find((entry) => entry.name === wanted);
  return known ?? { name: 'your recipe', text: recipe.trim() };
}

/** Recipe names from the book that start with what was typed (any case): prompt completions. */
export function completeRecipeName(typed: string): string[] {
  const prefix = typed.trim().toLowerCase();
  return RECIPE_BOOK.map((recipe) => recipe.name).filter((name) => name.startsWith(prefix));
}

/** How long `bake` bakes when the caller names no time. */
export const DEFAULT_BAKE_MINUTES = 25;

/** The baking time a recipe's text gives ("… bake 30 min …"), when it gives one. */
export function bakingMinutes(recipe: Recipe): number | undefined {
  const minutes = /\bbake (\d+) min\b/i.exec(recipe.text)?.[1];
  return minutes === undefined ? undefined : Number(minutes);
}

export const CRITIQUE_MAX_TOKENS = 400;

export interface CritiqueRequest {
  systemPrompt: string;
  prompt: string;
  maxTokens: number;
  /** MCP model preferences: a hint, and priorities between 0 and 1. The host may ignore them. */
  modelPreferences: {
    hints: Array<{ name: string }>;
    costPriority: number;
    speedPriority: number;
    intelligencePriority: number;
  };
}

/** The sampling request the chef sends for one recipe: the answer format is spelled out so it can be parsed. */
export function buildCritiqueRequest(recipe: Recipe): CritiqueRequest {
  return {
    systemPrompt:
      'You are a head pastry chef reviewing a recipe. Answer in plain text: first a line ' +
      '"VERDICT: bake", "VERDICT: adjust" or "VERDICT: rethink", then up to five lines starting with "- ", ' +
      'each one concrete note.',
    prompt: `Critique this recipe for ${recipe.name}:\n\n${recipe.text}`,
    maxTokens: CRITIQUE_MAX_TOKENS,
    modelPreferences: {
      hints: [{ name: 'claude-haiku' }, { name: 'claude' }],
      costPriority: 0.8,
      speedPriority: 0.6,
      intelligencePriority: 0.3,
    },
  };
}

export type Verdict = 'bake' | 'adjust' | 'rethink' | 'unclear';

export interface Critique {
  verdict: Verdict;
  notes: string[];
}

/**
 * Reads a model's critique. Models do not always follow the format, so anything is accepted:
 * no verdict line gives "unclear", and without "- " lines every non-empty line is a note.
 */
export function parseCritique(answer: string): Critique {
  const lines = answer
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line.length > 0);
  let verdict: Verdict = 'unclear';
  const bullets: string[] = [];
  const others: string[] = [];
  for (const line of lines) {
    const verdictMatch = /^\**verdict\**\s*:\s*\**\s*(bake|adjust|rethink)\b/i.exec(line);
    if (verdictMatch?.[1] && verdict === 'unclear') {
      verdict = verdictMatch[1].toLowerCase() as Verdict;
    } else if (/^[-*•]\s+/.test(line)) {
      bullets.push(line.replace(/^[-*•]\s+/, ''));
    } else {
      others.push(line);
    }
  }
  return { verdict, notes: (bullets.length > 0 ? bullets : others).slice(0, 5) };
}

export const FILLINGS = ['apple', 'cherry', 'lemon curd', 'chocolate'] as const;
export type Filling = (typeof FILLINGS)[number];
export const MAX_SERVINGS = 12;

/** The form sent with elicitation/create: the restricted, flat JSON Schema MCP allows. */
export const FILLING_FORM = {
  message: 'Which filling should the pastry chef use, and for how many people?',
  requestedSchema: {
    type: 'object' as const,
    properties: {
      filling: { type: 'string' as const, title: 'Filling', enum: [...FILLINGS] },
      servings: { type: 'integer' as const, title: 'Servings', minimum: 1, maximum: MAX_SERVINGS },
    },
    required: ['filling', 'servings'],
  },
};

const GRAMS_PER_SERVING: Record<Filling, number> = { apple: 120, cherry: 100, 'lemon curd': 80, chocolate: 60 };

export interface FillingPlan {
  filling: Filling;
  servings: number;
  grams: number;
}

/** Turns the user's answer into a plan; undefined when the answer is not one the form allows. */
export function planFilling(content: Record<string, unknown> | undefined): FillingPlan | undefined {
  const filling = content?.['filling'];
  const servings = content?.['servings'];
  if (typeof filling !== 'string' || !(FILLINGS as readonly string[]).includes(filling)) return undefined;
  if (typeof servings !== 'number' || !Number.isInteger(servings) || servings < 1 || servings > MAX_SERVINGS)
    return undefined;
  const chosen = filling as Filling;
  return { filling: chosen, servings, grams: GRAMS_PER_SERVING[chosen] * servings };
}

const BAKE_STAGES = [
  'preheating the oven',
  'rolling the dough',
  'filling the case',
  'in the oven',
  'browning',
  'cooling on the rack',
];

/** What the oven is doing at each of `steps` progress steps (1-based), ending "out of the oven". */
export function bakeStage(step: number, steps: number): string {
  if (step >= steps) return 'out of the oven';
  const index = Math.min(
    BAKE_STAGES.length - 1,
    Math.floor(((step - 1) / Math.max(1, steps - 1)) * BAKE_STAGES.length),
  );
  return BAKE_STAGES[Math.max(0, index)] ?? 'in the oven';
}
